/**
 * The info page's "Export" menu: a link to the OpenAPI document that the browser downloads
 * (`download`: the file itself, never the site's page at that path), in a menu that opens on hover.
 * Written after the OpenAPI theme 5.2's ApiExplorer/Export (lib/theme/ApiExplorer/Export/index.js),
 * whose markup it keeps; the theme saved the file with file-saver, which clicks such a link itself.
 */
import React from 'react';
import { translate } from '@docusaurus/Translate';

export default function Export({ url }: { url: string }): React.JSX.Element {
  return (
    <div style={{ float: 'right' }} className="dropdown dropdown--hoverable dropdown--right">
      <button className="export-button button button--sm button--secondary">{translate({ id: 'theme.openapi.export.button', message: 'Export' })}</button>
      <ul className="export-dropdown dropdown__menu">
        <li>
          <a className="dropdown__link" href={url} download={url.slice(url.lastIndexOf('/') + 1)}>
            {translate({ id: 'theme.openapi.export.openapiSpec', message: 'OpenAPI Spec' })}
          </a>
        </li>
      </ul>
    </div>
  );
}
