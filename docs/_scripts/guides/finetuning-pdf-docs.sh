#!/usr/bin/env bash
# PDF documents guide, the API path in one script: check the prepared rows, create a project,
# upload them, train, deploy the chosen checkpoint and ask it to continue an instruction.
# The rows are the ones the Python steps on the page make from the sample manuals; the text
# preparation itself is Python only.
# Run it in an empty folder: it writes the sample rows it uploads.
# @include helpers
# [start:start]

# @embed data/manuals_train.jsonl
# @embed data/manuals_test.jsonl

METRIC="${EMISSARY_METRIC:-sample_metric1}"  # the testing function to score with

# [end:start]
# [start:run-tag]
# A time stamp in every name keeps this run apart from earlier ones.
RUN_TAG="$(date +%Y%m%d-%H%M%S)"
# [end:run-tag]

step "Check the rows"
for file in manuals_train.jsonl manuals_test.jsonl; do
  if ! jq -e -s 'length > 0 and all(.[]; (.prompt | length) > 0 and (.completion | length) > 0)' \
      "$file" &>/dev/null; then
    echo "error: $file has a row without a prompt or a completion, or is empty" >&2
    exit 1
  fi
  echo "$file: $(wc -l < "$file") rows, $(wc -c < "$file") bytes"
done

# [start:upload]
step "Create a project"
project_id="$(api POST /v1/projects \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "service-manuals-$RUN_TAG" '{name: $name}')" | jq -r .id)"
echo "project: $project_id"

step "Upload manuals_train.jsonl"
train_id="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@manuals_train.jsonl" \
  --form "name=manuals_train_jsonl" | jq -r .id)"

step "Upload manuals_test.jsonl"
test_id="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@manuals_test.jsonl" \
  --form "name=manuals_test_jsonl" | jq -r .id)"
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
  echo "$METRIC is not offered to you, so the checkpoints get no fuzzy-match score." \
    "To score them, set EMISSARY_METRIC to a name from the list above."
fi

step "Create the training job"
job_id="$(api POST "/v1/projects/$project_id/training-jobs" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg train "$train_id" --arg test "$test_id" --argjson functions "$test_functions" \
    --arg name "service-manuals-$RUN_TAG" '{
    name: $name,
    description: "sentence pairs from the pump and valve manuals",
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
  --data "$(jq -n --arg job "$job_id" --argjson checkpoint "$best" --arg name "service-manuals-$RUN_TAG" \
    '{training_job_id: $job, checkpoint: $checkpoint, name: $name}')")"
deployment_id="$(jq -r .id <<<"$deployment")"
model="$(jq -r .name <<<"$deployment")"

step "Wait for the deployment"
wait_for "/v1/projects/$project_id/deployments/$deployment_id" \
  '.status == "Deployed"' "deployment" "" \
  '.status as $s | ["Failed", "Cancelled", "Terminated", "TimedOut"] | index($s) != null' >/dev/null
echo "deployment: $deployment_id, called as $model"
# [end:deploy]

# [start:generate]
step "Continue an instruction"
api POST /v1/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$model" '{
    model: $model,
    prompt: "Before replacing the mechanical seal, drain the pump casing completely.",
    temperature: 0.3,
    top_p: 0.9,
    max_completion_tokens: 120
  }')" | jq -r '"continuation: " + (.choices[0].text | ltrimstr(" "))'
# [end:generate]

# [start:clean-up]
if [ "${EMISSARY_CLEAN_UP:-}" = "1" ]; then
  step "Delete the deployment"
  api DELETE "/v1/projects/$project_id/deployments/$deployment_id" >/dev/null
  echo "deleted deployment $deployment_id"
fi
# [end:clean-up]
