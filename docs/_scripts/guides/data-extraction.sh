#!/usr/bin/env bash
# Data extraction guide, the whole API path in one script:
# check the data, create a project, upload two datasets, train with a testing function,
# pick a checkpoint, deploy it and extract fields from a new email.
# Run it in an empty folder: it writes the sample files it uploads.
# @include helpers
# [start:start]

# @embed data/invoices_train.jsonl
# @embed data/invoices_test.jsonl

INSTRUCTION="Extract vendor, invoice_number, total, currency and due_date as JSON."
METRIC="${EMISSARY_METRIC:-list_comparison_metric}"  # the testing function to score with

# [end:start]
# [start:run-tag]
# A time stamp in every name keeps this run apart from earlier ones.
RUN_TAG="$(date +%Y%m%d-%H%M%S)"
# [end:run-tag]

# [start:check-data]
step "Check the data files"
for file in invoices_train.jsonl invoices_test.jsonl; do
  # Every line must parse, hold a prompt, and have a completion that is itself a JSON object.
  if ! jq -e -s 'all(.[]; (.prompt | length) > 0 and (.completion | fromjson | type) == "object")' \
      "$file" &>/dev/null; then
    echo "error: $file has a row without a prompt or a JSON-object completion" >&2
    exit 1
  fi
  echo "$file: $(wc -l < "$file") rows look fine"
done
# [end:check-data]

# [start:upload]
step "Create a project"
project_id="$(api POST /v1/projects \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "invoice-extraction-$RUN_TAG" '{name: $name}')" | jq -r .id)"
echo "project: $project_id"

step "Upload invoices_train.jsonl"
train_id="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@invoices_train.jsonl" \
  --form "name=invoices_train_jsonl" | jq -r .id)"

step "Upload invoices_test.jsonl"
test_id="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@invoices_test.jsonl" \
  --form "name=invoices_test_jsonl" | jq -r .id)"
echo "datasets: train $train_id, test $test_id"
# Train only once the API reports both files as uploaded.
for id in "$train_id" "$test_id"; do
  wait_for "/v1/projects/$project_id/datasets/$id" '.is_uploaded == true' "the upload of dataset $id" >/dev/null
done
# [end:upload]

# [start:train]
step "List the testing functions"
offered="$(api GET /v1/testing-functions | jq -c '[.[].name]')"
echo "testing functions offered: $offered"
if jq -e --arg m "$METRIC" 'index($m) != null' <<<"$offered" >/dev/null; then
  test_functions="$(jq -cn --arg m "$METRIC" '[$m]')"
  scored=true
else
  test_functions='[]'
  scored=false
  echo "$METRIC is not offered to you, so the checkpoints get no extraction score." \
    "To score them, set EMISSARY_METRIC to a name from the list above."
fi

step "Create the training job"
job_id="$(api POST "/v1/projects/$project_id/training-jobs" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg train "$train_id" --arg test "$test_id" --argjson functions "$test_functions" \
    --arg name "invoice-extractor-$RUN_TAG" '{
    name: $name,
    base_model: "Llama-3.2-3B-Completion",
    task_type: "text-generation",
    train_dataset_id: $train,
    test_dataset_id: $test,
    test_functions: $functions,
    parameters: {num_train_epochs: 3, learning_rate: 0.0002}
  }')" | jq -r .id)"
echo "training job: $job_id"

step "Wait for the training job to finish"
wait_for "/v1/projects/$project_id/training-jobs/$job_id" \
  '.status == "Success"' "training job" "" \
  '.status == "Failed" or .status == "TimedOut" or .status == "Cancelled"' >/dev/null
# [end:train]

# [start:checkpoints]
step "Compare the checkpoints"
checkpoints="$(api GET "/v1/projects/$project_id/training-jobs/$job_id/checkpoints")"
jq -r '.[] | "checkpoint \(.checkpoint): \(.test_results.aggregated_test_result // "no scores")"' \
  <<<"$checkpoints"
# The key scheme of aggregated_test_result is not documented: use the metric's own key, or
# the only entry when there is exactly one; take the last checkpoint when nothing compares.
best="$(jq -r --arg m "$METRIC" --argjson scored "$scored" '
  def score: (.test_results.aggregated_test_result // {}) as $r
    | ($r[$m] // (if ($r | length) == 1 then $r[] else null end)) | tonumber? // null;
  ([.[] | select($scored and score != null)] | max_by(score) | .checkpoint)
    // (last | .checkpoint)' <<<"$checkpoints")"
if [ -z "$best" ] || [ "$best" = null ]; then
  echo "error: the job finished without checkpoints" >&2
  exit 1
fi
echo "chosen checkpoint: $best"
# [end:checkpoints]

# [start:deploy]
step "Deploy the chosen checkpoint"
deployment="$(api POST "/v1/projects/$project_id/deployments" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg job "$job_id" --argjson checkpoint "$best" --arg name "invoice-extractor-$RUN_TAG" '{
    training_job_id: $job,
    checkpoint: $checkpoint,
    name: $name,
    description: "checkpoint \($checkpoint) of training job \($job)"
  }')")"
deployment_id="$(jq -r .id <<<"$deployment")"
model="$(jq -r .name <<<"$deployment")"

step "Wait for the deployment"
wait_for "/v1/projects/$project_id/deployments/$deployment_id" \
  '.status == "Deployed"' "deployment" "" \
  '.status as $s | ["Failed", "Cancelled", "Terminated", "TimedOut"] | index($s) != null' >/dev/null
echo "deployment: $deployment_id, called as $model"
# [end:deploy]

# [start:extract]
step "Extract the fields of a new email"
email="Good morning, Marlow Office Supply here. Invoice MOS-3310 covers the chairs delivered last week: 2,045.90 CAD, payable by 19 September 2025."
raw="$(api POST /v1/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$model" --arg prompt "$INSTRUCTION
Email: $email
JSON:" '{model: $model, prompt: $prompt, temperature: 0.1, max_completion_tokens: 200}')" \
  | jq -r '.choices[0].text')"
if jq -e 'type == "object"' <<<"$raw" &>/dev/null; then
  echo "fields: $(jq -c . <<<"$raw")"
else
  echo "the model answered with text that is not JSON: $raw"
fi
# [end:extract]

# [start:chat]
step "Ask the same through chat completions"
api POST /v1/chat/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$model" --arg content "$INSTRUCTION
Email: $email
JSON:" '{model: $model, messages: [{role: "user", content: $content}], temperature: 0.1, max_tokens: 200}')" \
  | jq -r '"chat reply: " + .choices[0].message.content'
# [end:chat]

# [start:clean-up]
if [ "${EMISSARY_CLEAN_UP:-}" = "1" ]; then
  step "Delete the deployment"
  api DELETE "/v1/projects/$project_id/deployments/$deployment_id" >/dev/null
  echo "deleted deployment $deployment_id"
fi
# [end:clean-up]
