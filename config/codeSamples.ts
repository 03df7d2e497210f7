/** The code-sample languages of every operation page, in tab order (product spec §9). */
export interface SampleLanguage {
  /** Tab id, also the value persisted as the reader's choice. */
  id: string;
  label: string;
  /** Prism language used to highlight the sample. */
  highlight: string;
  /** postman-code-generators language key and variant. */
  generator: { language: string; variant: string };
}

export const SAMPLE_LANGUAGES: readonly SampleLanguage[] = [
  { id: 'python', label: 'Python', highlight: 'python', generator: { language: 'python', variant: 'Requests' } },
  { id: 'curl', label: 'curl', highlight: 'bash', generator: { language: 'curl', variant: 'cURL' } },
  { id: 'go', label: 'Go', highlight: 'go', generator: { language: 'go', variant: 'Native' } },
  { id: 'nodejs', label: 'Node.js', highlight: 'javascript', generator: { language: 'nodejs', variant: 'Axios' } },
  { id: 'ruby', label: 'Ruby', highlight: 'ruby', generator: { language: 'ruby', variant: 'Net::HTTP' } },
  { id: 'java', label: 'Java', highlight: 'java', generator: { language: 'java', variant: 'Unirest' } },
  { id: 'powershell', label: 'PowerShell', highlight: 'powershell', generator: { language: 'powershell', variant: 'RestMethod' } },
];

/** Placeholder the samples use for the secret; readers replace it with their key. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';
