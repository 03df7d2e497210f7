// theme-classic's LastUpdated without `itemprop="dateModified"` on the date: a doc page is no
// microdata item (no `itemscope` around it), so the property belonged to nothing and the Nu HTML
// Checker failed it. The visible text and the <time datetime> stay as they were.
import type { ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import { ThemeClassNames } from '@docusaurus/theme-common';
import { useDateTimeFormat } from '@docusaurus/theme-common/internal';
import type { Props } from '@theme/LastUpdated';

function AtDate({ lastUpdatedAt }: { lastUpdatedAt: number }): ReactNode {
  const atDate = new Date(lastUpdatedAt);
  const format = useDateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const date = (
    <b>
      <time dateTime={atDate.toISOString()}>{format.format(atDate)}</time>
    </b>
  );
  return (
    <Translate id="theme.lastUpdated.atDate" values={{ date }}>
      {' on {date}'}
    </Translate>
  );
}

export default function LastUpdated({ lastUpdatedAt, lastUpdatedBy }: Props): ReactNode {
  const byUser = lastUpdatedBy ? (
    <Translate id="theme.lastUpdated.byUser" values={{ user: <b>{lastUpdatedBy}</b> }}>
      {' by {user}'}
    </Translate>
  ) : (
    ''
  );
  return (
    <span className={ThemeClassNames.common.lastUpdated}>
      <Translate id="theme.lastUpdated.lastUpdatedAtBy" values={{ atDate: lastUpdatedAt ? <AtDate lastUpdatedAt={lastUpdatedAt} /> : '', byUser }}>
        {'Last updated{atDate}{byUser}'}
      </Translate>
    </span>
  );
}
