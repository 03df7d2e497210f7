// The OpenAI SDK for Node in TypeScript (page: /fine-tuning/openai-sdk): compiles under tsc --strict.
// Needs Node 22.18 or later (it runs .mts files as they are) and the SDK: npm install openai
// Run: EMISSARY_API_KEY=<your key> EMISSARY_MODEL=<your deployment's name> node openai-deployment.mts
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { CompletionCreateParamsNonStreaming } from 'openai/resources/completions';

// Emissary's fields that OpenAI's types lack, added to the SDK's own parameter types.
type EmissaryChatParams = ChatCompletionCreateParamsNonStreaming & { top_k?: number };
type EmissaryCompletionParams = Omit<CompletionCreateParamsNonStreaming, 'max_tokens'> & {
  max_completion_tokens?: number;
  top_k?: number;
};

const key = process.env.EMISSARY_API_KEY;
const model = process.env.EMISSARY_MODEL;
if (!key || !model) {
  console.error('error: set EMISSARY_API_KEY and EMISSARY_MODEL (the name of your deployment)');
  process.exit(2);
}

const client = new OpenAI({
  baseURL: `${process.env.EMISSARY_BASE_URL ?? 'https://api.withemissary.com'}/v1`,
  apiKey: key,
  defaultHeaders: { 'X-API-Key': key, Authorization: null },
});

// A typed variable, not a literal: the SDK accepts it, and tsc still checks every field it knows.
const chatParams: EmissaryChatParams = {
  model,
  messages: [
    { role: 'system', content: 'Rewrite the error message in plain words.' },
    { role: 'user', content: 'ECONNRESET while reading from socket' },
  ],
  max_tokens: 128,
  temperature: 0.2,
  top_k: 20,
};
const chat = await client.chat.completions.create(chatParams);
// Emissary puts `refusal` on the choice, a field the SDK's types do not have there.
const choice: (typeof chat.choices)[number] & { refusal?: string | null } = chat.choices[0];
console.log('chat:', choice.message.content);
console.log('refusal:', choice.refusal ?? null);
console.log('tokens:', chat.usage?.total_tokens);

const completionParams: EmissaryCompletionParams = {
  model,
  prompt: 'Error: ENOSPC. In plain words:',
  max_completion_tokens: 64,
  temperature: 0.2,
};
const completion = await client.completions.create(completionParams);
console.log('completion:', completion.choices[0].text);
