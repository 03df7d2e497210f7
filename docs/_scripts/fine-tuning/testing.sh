#!/usr/bin/env bash
# Score every checkpoint and pick the best one: the API path of Testing and Evaluation (/fine-tuning/testing).
# Lists the testing functions, uploads a training file and a separate test file (parcel-damaged*.jsonl,
# written by the script), starts a classification job that scores each checkpoint with one testing
# function, waits for it, and picks the checkpoint with the best score.
# Uses the project in EMISSARY_PROJECT_ID, or creates one. Optional settings:
#   EMISSARY_TEST_FUNCTION  the testing function to attach (default: the yes/no metric
#                           sample_match_binary_classification_metric if listed, else the first one)
#   EMISSARY_BASE_MODEL     the base model (default Llama-3.2-3B-Instruct; see GET /v1/models)
#   EMISSARY_METRIC         the key of aggregated_test_result to rank by
#   EMISSARY_LOWER_IS_BETTER=1  rank by the lowest score instead of the highest
# It starts one training job on your account.
# @include helpers
# [start:start]

# Sample data: a training file and a separate test file in the same layout.
# @embed data/datasets/good/parcel-damaged.jsonl
# @embed data/datasets/good/parcel-damaged-test.jsonl

# [end:start]
# [start:list-functions]
step "List the testing functions"
functions="$(api GET /v1/testing-functions)"
jq -r '.[] | "\(.name) needs \(if (.dependencies // []) == [] then "no extra packages" else (.dependencies | join(", ")) end)"' <<<"$functions"
# The sample file has one yes/no label per row (a binary classification head): use the metric for
# yes/no labels.
default_function="sample_match_binary_classification_metric"
TEST_FUNCTION="${EMISSARY_TEST_FUNCTION:-$(jq -r --arg want "$default_function" 'map(.name) | if index($want) then $want else (.[0] // "") end' <<<"$functions")}"
if ! jq -e --arg name "$TEST_FUNCTION" 'map(.name) | index($name)' <<<"$functions" >/dev/null; then
  echo "error: testing function '$TEST_FUNCTION' is not in the list: $(jq -c 'map(.name)' <<<"$functions")" >&2
  exit 1
fi
echo "Attaching: $TEST_FUNCTION"
# [end:list-functions]

# [start:project]
step "Use or create a project"
PROJECT_ID="${EMISSARY_PROJECT_ID:-}"
if [ -z "$PROJECT_ID" ]; then
  project="$(api POST /v1/projects --header 'Content-Type: application/json' \
    --data "$(jq -n --arg name "testing-$(date +%Y%m%d-%H%M%S)" '{name: $name}')")"
  PROJECT_ID="$(jq -r .id <<<"$project")"
fi
echo "Project ID: $PROJECT_ID"
# [end:project]

# [start:upload]
step "Upload the training and test files"
upload() { # upload FILE NAME: print the new dataset's ID once its upload has finished
  local id
  id="$(api POST "/v1/projects/$PROJECT_ID/datasets" --form "file=@$1" --form "name=$2" | jq -r .id)"
  wait_for "/v1/projects/$PROJECT_ID/datasets/$id" '.is_uploaded == true' "the upload of $1" >/dev/null
  echo "$id"
}
TRAIN_ID="$(upload parcel-damaged.jsonl parcel-damaged-train)"
TEST_ID="$(upload parcel-damaged-test.jsonl parcel-damaged-test)"
echo "Dataset IDs: train $TRAIN_ID, test $TEST_ID"
# [end:upload]

# [start:create-job]
step "Start a training job that scores every checkpoint"
body="$(jq -n \
  --arg name "parcel-damaged-$(date +%Y%m%d-%H%M%S)" \
  --arg model "${EMISSARY_BASE_MODEL:-Llama-3.2-3B-Instruct}" \
  --arg train "$TRAIN_ID" --arg test "$TEST_ID" --arg fn "$TEST_FUNCTION" \
  '{name: $name, base_model: $model, task_type: "classification",
    train_dataset_id: $train, test_dataset_id: $test, test_functions: [$fn],
    parameters: {num_train_epochs: 3}}')"
job="$(api POST "/v1/projects/$PROJECT_ID/training-jobs" --header 'Content-Type: application/json' --data "$body")"
JOB_ID="$(jq -r .id <<<"$job")"
echo "Training job ID: $JOB_ID test functions: $(jq -c .test_functions <<<"$job")"
# [end:create-job]

# [start:wait-for-job]
step "Wait for training and testing to finish"
job="$(wait_for "/v1/projects/$PROJECT_ID/training-jobs/$JOB_ID" '.status == "Success"' \
  "training job $JOB_ID" "" '.status == "Failed" or .status == "TimedOut" or .status == "Cancelled"')"
# [end:wait-for-job]

# [start:best-checkpoint]
step "Pick the best checkpoint"
checkpoints="$(api GET "/v1/projects/$PROJECT_ID/training-jobs/$JOB_ID/checkpoints")"
# The reference does not document how aggregated_test_result is keyed: try the names we asked
# for, then accept a single key, and otherwise stop and ask.
keys="$(jq -c '[.[] | (.test_results.aggregated_test_result // {}) | keys[]] | unique' <<<"$checkpoints")"
wanted="$(if [ -n "${EMISSARY_METRIC:-}" ]; then jq -n -c --arg m "$EMISSARY_METRIC" '[$m]'; else jq -c '.test_functions // []' <<<"$job"; fi)"
METRIC="$(jq -n -r --argjson keys "$keys" --argjson wanted "$wanted" \
  '([$wanted[] | select(. as $w | $keys | index($w))][0]) // (if ($keys | length) == 1 then $keys[0] else "" end)')"
if [ "$keys" = "[]" ]; then
  echo "error: no checkpoint has test results: the job had no test data or no testing function" >&2
  exit 1
elif [ -z "$METRIC" ]; then
  echo "error: results have the keys $keys; set EMISSARY_METRIC to the one to rank by" >&2
  exit 1
fi
LOWER=false
if [ "${EMISSARY_LOWER_IS_BETTER:-}" = "1" ] || [ "$METRIC" = euclidean_distance ] || [ "$METRIC" = manhattan_distance ]; then
  LOWER=true
fi
scored="$(jq -c --arg m "$METRIC" \
  '[.[] | {checkpoint, score: ((.test_results.aggregated_test_result[$m] // null) | tonumber? // null)} | select(.score != null)]' \
  <<<"$checkpoints")"
jq -r --arg m "$METRIC" '.[] | "Checkpoint \(.checkpoint): \($m) = \(.score)"' <<<"$scored"
best="$(jq -r --argjson low "$LOWER" \
  'sort_by((if $low then .score else -.score end), .checkpoint) | first | select(. != null) | "\(.checkpoint) \(.score)"' \
  <<<"$scored")"
if [ -z "$best" ]; then
  echo "error: no checkpoint has a number for $METRIC" >&2
  exit 1
fi
read -r NUMBER SCORE <<<"$best"
echo "Best checkpoint: $NUMBER ($METRIC = $SCORE). Deploy it with checkpoint=$NUMBER."
# [end:best-checkpoint]
