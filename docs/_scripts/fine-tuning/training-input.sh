#!/usr/bin/env bash
# How a row becomes training input (/fine-tuning/training-input): ask your own deployment about
# its first training rows, three ways each, and print the answers next to each row's completion.
#
#   EMISSARY_MODEL  the name of the deployment to test (required)
#   EMISSARY_DATASET  a JSONL file of prompt/completion rows
#                     (default: plain_errors_train.jsonl, the quickstart's rows, which the script writes)
#   EMISSARY_ROWS   how many rows from the top of the file to test (default 5)
#
# It sends three inference requests per row and creates nothing. Needs bash, curl and jq.
# @include helpers

# @embed data/plain_errors_train.jsonl

# [start:inputs]
model="${EMISSARY_MODEL:?set EMISSARY_MODEL to the name of the deployment to test}"
file="${EMISSARY_DATASET:-plain_errors_train.jsonl}"
mapfile -t rows < <(head -n "${EMISSARY_ROWS:-5}" "$file")
for i in "${!rows[@]}"; do
  if ! jq -e '(.prompt | type) == "string" and (.completion | type) == "string"' <<<"${rows[$i]}" >/dev/null 2>&1; then
    echo "error: $file line $((i + 1)): the probe needs a text prompt and a text completion" >&2
    exit 1
  fi
done
echo "Testing ${#rows[@]} rows of $file"
# [end:inputs]

# [start:completions]
step "1. Each prompt as it is, to Completions"
for i in "${!rows[@]}"; do
  reply="$(api POST /v1/completions \
    --header "Content-Type: application/json" \
    --data "$(jq -n --arg model "$model" --argjson row "${rows[$i]}" \
      '{model: $model, prompt: $row.prompt, max_completion_tokens: 200, temperature: 0}')")"
  jq -r --argjson row "${rows[$i]}" --arg n "$((i + 1))" '"Row \($n), training completion: \($row.completion | tojson)",
    "  Answer: \(.choices[0].text | tojson)",
    "  finish_reason: \(.choices[0].finish_reason) | tokens: \(.usage.completion_tokens)"' <<<"$reply"
done
# [end:completions]

# [start:chat]
step "2. Each prompt as one user message, to Chat Completions"
for i in "${!rows[@]}"; do
  reply="$(api POST /v1/chat/completions \
    --header "Content-Type: application/json" \
    --data "$(jq -n --arg model "$model" --argjson row "${rows[$i]}" \
      '{model: $model, messages: [{role: "user", content: $row.prompt}], max_tokens: 200, temperature: 0}')")"
  jq -r --arg n "$((i + 1))" '"Row \($n), answer: \(.choices[0].message.content | tojson)",
    "  finish_reason: \(.choices[0].finish_reason) | tokens: \(.usage.completion_tokens)"' <<<"$reply"
done
# [end:chat]

# [start:prefix]
step "3. The first half of each prompt, to Completions"
for i in "${!rows[@]}"; do
  reply="$(api POST /v1/completions \
    --header "Content-Type: application/json" \
    --data "$(jq -n --arg model "$model" --argjson row "${rows[$i]}" \
      '($row.prompt | length / 2 | floor) as $half
       | {model: $model, prompt: $row.prompt[:$half], max_completion_tokens: 60, temperature: 0}')")"
  jq -r --argjson row "${rows[$i]}" --arg n "$((i + 1))" '($row.prompt | length / 2 | floor) as $half
    | "Row \($n), rest of the training prompt: \($row.prompt[$half:] | tojson)",
      "  Answer: \(.choices[0].text | tojson)"' <<<"$reply"
done
# [end:prefix]
