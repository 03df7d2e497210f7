// Call an Emissary deployment with the official OpenAI SDK for Node (page: /fine-tuning/openai-sdk).
// Needs Node 22 or later and the SDK: npm install openai
// Run: EMISSARY_API_KEY=<your key> EMISSARY_MODEL=<your deployment's name> node openai-deployment.mjs
import OpenAI from 'openai';

const key = process.env.EMISSARY_API_KEY;
const model = process.env.EMISSARY_MODEL;
if (!key || !model) {
  console.error('error: set EMISSARY_API_KEY and EMISSARY_MODEL (the name of your deployment)');
  process.exit(2);
}

const client = new OpenAI({
  // Every Emissary path starts with /v1; the SDK adds /chat/completions or /completions.
  baseURL: `${process.env.EMISSARY_BASE_URL ?? 'https://api.withemissary.com'}/v1`,
  // The SDK needs a key to start. Emissary reads it from X-API-Key, not from Authorization,
  // so the key goes in that header and the SDK's Authorization header is left out.
  apiKey: key,
  defaultHeaders: { 'X-API-Key': key, Authorization: null },
});

// Chat completions: the deployment's name goes in `model`.
const chat = await client.chat.completions.create({
  model,
  messages: [
    { role: 'system', content: 'Rewrite the error message in plain words.' },
    { role: 'user', content: 'ECONNRESET while reading from socket' },
  ],
  max_tokens: 128,
  temperature: 0.2,
  top_k: 20, // Emissary's own field; OpenAI has no top_k
});
console.log('chat:', chat.choices[0].message.content);
// Emissary puts `refusal` on the choice, not inside `message`.
console.log('refusal:', chat.choices[0].refusal ?? null);
console.log('tokens:', chat.usage?.total_tokens);

// Completions: Emissary caps the length with max_completion_tokens, not OpenAI's max_tokens.
const completion = await client.completions.create({
  model,
  prompt: 'Error: ENOSPC. In plain words:',
  max_completion_tokens: 64,
  temperature: 0.2,
});
console.log('completion:', completion.choices[0].text);
