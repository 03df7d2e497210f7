/** Links to a guide page's assembled scripts (see plugins/guide-scripts). Server-rendered, and left as the server sent it (lib/ui/Static); no JS needed. */
import React from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { StaticPart } from '@site/lib/ui/Static';

export interface Props {
  /** The page path, e.g. `fine-tuning/quickstart`: the scripts are docs/_scripts/<page>.py and .sh. */
  page: string;
  /** What to link, e.g. "py sh ipynb"; filled in at build time by the remark plugin. */
  languages?: string;
}

const LABELS: Record<string, string> = {
  py: 'Download the Python script',
  sh: 'Download the shell script',
  ipynb: 'Download as notebook',
};

function DownloadLink({ page, ext }: { page: string; ext: string }): React.JSX.Element {
  return (
    <a href={useBaseUrl(`/scripts/${page}.${ext}`)} download>
      {LABELS[ext]}
    </a>
  );
}

export default function ScriptDownloads({ page, languages = 'py sh' }: Props): React.JSX.Element {
  const exts = languages.split(/\s+/).filter((ext) => ext in LABELS);
  return (
    <StaticPart as="p" className="script-downloads">
      {exts.map((ext, i) => (
        <React.Fragment key={ext}>
          {i > 0 && ' · '}
          <DownloadLink page={page} ext={ext} />
        </React.Fragment>
      ))}
    </StaticPart>
  );
}
