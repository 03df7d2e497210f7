/** mistral-tokenizer-js ships no types; it has the API of llama-tokenizer-js (used by lib/dataset-check/tokenize.ts). */
declare module 'mistral-tokenizer-js' {
  const tokenizer: { encode(prompt: string, addBosToken?: boolean, addPrecedingSpace?: boolean): number[] };
  export default tokenizer;
}
