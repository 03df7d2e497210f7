/** The code-sample languages of every operation page, in tab order (product spec §9). */
export interface SampleLanguage {
  /** Tab id, also the value persisted as the reader's choice. */
  id: string;
  label: string;
  /** Prism language used to highlight the sample. */
  highlight: string;
  /** postman-code-generators language key and variant. */
  generator: { language: string; variant: string };
  /** What starts a comment line in the language (a shortened body's note). */
  comment: '#' | '//';
}

export const SAMPLE_LANGUAGES: readonly SampleLanguage[] = [
  { id: 'python', label: 'Python', highlight: 'python', generator: { language: 'python', variant: 'Requests' }, comment: '#' },
  { id: 'curl', label: 'curl', highlight: 'bash', generator: { language: 'curl', variant: 'cURL' }, comment: '#' },
  { id: 'go', label: 'Go', highlight: 'go', generator: { language: 'go', variant: 'Native' }, comment: '//' },
  { id: 'nodejs', label: 'Node.js', highlight: 'javascript', generator: { language: 'nodejs', variant: 'Axios' }, comment: '//' },
  { id: 'ruby', label: 'Ruby', highlight: 'ruby', generator: { language: 'ruby', variant: 'Net::HTTP' }, comment: '#' },
  { id: 'java', label: 'Java', highlight: 'java', generator: { language: 'java', variant: 'Unirest' }, comment: '//' },
  { id: 'powershell', label: 'PowerShell', highlight: 'powershell', generator: { language: 'powershell', variant: 'RestMethod' }, comment: '#' },
];

/** Placeholder the samples use for the secret; readers replace it with their key. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';
