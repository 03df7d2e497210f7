#!/usr/bin/env bash
# LLMs as classifiers, end to end (guide: /guides/emissary-classification).
#
# Uploads sample product reviews tagged with four topics, fine-tunes Llama3.1-8B-Instruct with a
# classification head, deploys the best checkpoint and reads a probability for every label.
# Run it in an empty folder: it writes its own sample data. It starts one training job and one
# deployment on your account.
# @include helpers
# [start:start]

# Job and deployment names should be unique; the run's start time keeps them apart.
RUN_ID="$(date -u +%Y%m%d-%H%M%S)"
THRESHOLD=0.5

# @embed data/reviews_topics_train.jsonl
# @embed data/reviews_topics_test.jsonl

# [end:start]
# [start:upload]
step "Create a project"
project_id="$(api POST /v1/projects \
  --header "Content-Type: application/json" \
  --data '{"name": "review-tagger"}' | jq -r .id)"
echo "project: $project_id"

step "Upload reviews_topics_train.jsonl"
train_id="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@reviews_topics_train.jsonl" \
  --form "name=reviews_train" | jq -r .id)"
wait_for "/v1/projects/$project_id/datasets/$train_id" '.is_uploaded == true' "the training upload" >/dev/null
echo "train dataset: $train_id"

step "Upload reviews_topics_test.jsonl"
test_id="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@reviews_topics_test.jsonl" \
  --form "name=reviews_test" | jq -r .id)"
wait_for "/v1/projects/$project_id/datasets/$test_id" '.is_uploaded == true' "the test upload" >/dev/null
echo "test dataset: $test_id"
# [end:upload]

# [start:train]
step "Check the testing function"
metric=sample_match_multilabel_metric
available="$(api GET /v1/testing-functions)"
if ! jq -e --arg name "$metric" 'any(.[]; .name == $name)' <<<"$available" >/dev/null; then
  echo "    $metric is not available; the account lists: $(jq -r '[.[].name] | join(", ")' <<<"$available")" >&2
  metric=""
fi

step "Start the training job"
job_id="$(api POST "/v1/projects/$project_id/training-jobs" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg train "$train_id" --arg test "$test_id" --arg metric "$metric" --arg run "$RUN_ID" '{
    name: "review-tagger-\($run)",
    description: "four topic labels, multi-label",
    base_model: "Llama3.1-8B-Instruct",
    task_type: "classification",
    train_dataset_id: $train,
    test_dataset_id: $test,
    parameters: {num_train_epochs: 3, learning_rate: 0.0001}
  } + (if $metric == "" then {} else {test_functions: [$metric]} end)')" | jq -r .id)"
echo "training job: $job_id"
# [end:train]

# [start:evaluate]
step "Wait for the training job"
wait_for "/v1/projects/$project_id/training-jobs/$job_id" '.status == "Success"' "training job $job_id" "" \
  '.status == "Failed" or .status == "TimedOut" or .status == "Cancelled"' >/dev/null
step "Compare the checkpoints"
checkpoints="$(api GET "/v1/projects/$project_id/training-jobs/$job_id/checkpoints")"
checkpoint="$(pick_checkpoint "$metric" <<<"$checkpoints")"
echo "best checkpoint: $checkpoint"
# [end:evaluate]

# [start:deploy]
step "Deploy checkpoint $checkpoint"
deployment_id="$(api POST "/v1/projects/$project_id/deployments" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg job "$job_id" --argjson checkpoint "$checkpoint" --arg run "$RUN_ID" \
    '{training_job_id: $job, checkpoint: $checkpoint, name: "review-tagger-\($run)"}')" | jq -r .id)"
detail="$(wait_for "/v1/projects/$project_id/deployments/$deployment_id" '.status == "Deployed"' \
  "deployment $deployment_id" "" \
  '.status == "Failed" or .status == "Cancelled" or .status == "Terminated" or .status == "TimedOut"')"
model="$(jq -r .name <<<"$detail")"
echo "$model: deployed as $deployment_id, labels $(jq -c '.metadata.labels // []' <<<"$detail")"
# [end:deploy]

# [start:classify]
step "Classify a review"
api POST /v1/classification \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$model" '{
    model: $model,
    input: "Box was crushed on arrival and support never replied.",
    data_format: "probs"
  }')" |
  jq -r --argjson labels "$(jq -c '.metadata.labels // []' <<<"$detail")" --argjson threshold "$THRESHOLD" '
    .data[0].probs as $probs
    | (if ($labels | length) > 0 then $labels[] else ($probs | keys[]) end) as $name
    | ($probs[$name] // 0) as $value
    | "\($name)\t\($value)\t\(if $value >= $threshold then "yes" else "no" end)"'
# [end:classify]
