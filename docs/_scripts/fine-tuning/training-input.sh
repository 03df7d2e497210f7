#!/usr/bin/env bash
# How a row becomes training input (/fine-tuning/training-input): ask your own deployment about
# one of its training rows, three ways, and print the answers next to the row's completion.
#
#   EMISSARY_MODEL  the name of the deployment to test (required)
#   EMISSARY_DATASET  a JSONL file of prompt/completion rows; the first row is used
#                     (default: plain_errors_train.jsonl, the quickstart's rows, which the script writes)
#
# It sends three inference requests and creates nothing. Needs bash, curl and jq.
# @include helpers

# @embed data/plain_errors_train.jsonl

# [start:inputs]
model="${EMISSARY_MODEL:?set EMISSARY_MODEL to the name of the deployment to test}"
file="${EMISSARY_DATASET:-plain_errors_train.jsonl}"
row="$(head -n 1 "$file")"
if ! jq -e '(.prompt | type) == "string" and (.completion | type) == "string"' <<<"$row" >/dev/null 2>&1; then
  echo "error: $file line 1: the probe needs a text prompt and a text completion" >&2
  exit 1
fi
echo "Training completion: $(jq '.completion' <<<"$row")"
# [end:inputs]

# [start:completions]
step "1. The prompt as it is, to Completions"
reply="$(api POST /v1/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$model" --argjson row "$row" \
    '{model: $model, prompt: $row.prompt, max_completion_tokens: 200, temperature: 0}')")"
jq -r '"Answer: \(.choices[0].text | tojson)",
  "finish_reason: \(.choices[0].finish_reason) | tokens: \(.usage.completion_tokens)"' <<<"$reply"
# [end:completions]

# [start:chat]
step "2. The prompt as one user message, to Chat Completions"
reply="$(api POST /v1/chat/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$model" --argjson row "$row" \
    '{model: $model, messages: [{role: "user", content: $row.prompt}], max_tokens: 200, temperature: 0}')")"
jq -r '"Answer: \(.choices[0].message.content | tojson)",
  "finish_reason: \(.choices[0].finish_reason) | tokens: \(.usage.completion_tokens)"' <<<"$reply"
# [end:chat]

# [start:prefix]
step "3. The first half of the prompt, to Completions"
reply="$(api POST /v1/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$model" --argjson row "$row" \
    '($row.prompt | length / 2 | floor) as $half
     | {model: $model, prompt: $row.prompt[:$half], max_completion_tokens: 60, temperature: 0}')")"
jq -r --argjson row "$row" '($row.prompt | length / 2 | floor) as $half
  | "Rest of the training prompt: \($row.prompt[$half:] | tojson)",
    "Answer: \(.choices[0].text | tojson)"' <<<"$reply"
# [end:prefix]
