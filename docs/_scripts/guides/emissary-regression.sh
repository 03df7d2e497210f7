#!/usr/bin/env bash
# LLMs for regression, end to end (guide: /guides/emissary-regression).
#
# Uploads sample work orders labelled with the hours they took, fine-tunes Llama3.1-8B-Instruct
# with a regression head and reads the regression score of every checkpoint. The API documents no
# inference call that returns a regression value, so it deploys the best checkpoint (for the
# dashboard's TESTING tab) only when EMISSARY_DEPLOY=1, and keeps that deployment.
# Run it in an empty folder: it writes its own sample data. It starts one training job.
# @include helpers
# [start:start]

# Job and deployment names should be unique; the run's start time keeps them apart.
RUN_ID="$(date -u +%Y%m%d-%H%M%S)"

# @embed data/workorders_train.jsonl
# @embed data/workorders_test.jsonl

# [end:start]
# [start:upload]
step "Create a project"
project_id="$(api POST /v1/projects \
  --header "Content-Type: application/json" \
  --data '{"name": "workorder-hours"}' | jq -r .id)"
echo "project: $project_id"

step "Upload workorders_train.jsonl"
train_id="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@workorders_train.jsonl" \
  --form "name=workorders_train" | jq -r .id)"
wait_for "/v1/projects/$project_id/datasets/$train_id" '.is_uploaded == true' "the training upload" >/dev/null
echo "train dataset: $train_id"

step "Upload workorders_test.jsonl"
test_id="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@workorders_test.jsonl" \
  --form "name=workorders_test" | jq -r .id)"
wait_for "/v1/projects/$project_id/datasets/$test_id" '.is_uploaded == true' "the test upload" >/dev/null
echo "test dataset: $test_id"
# [end:upload]

# [start:train]
step "Check the testing function"
metric=sample_match_regression_metric
available="$(api GET /v1/testing-functions)"
if ! jq -e --arg name "$metric" 'any(.[]; .name == $name)' <<<"$available" >/dev/null; then
  echo "    $metric is not available; the account lists: $(jq -r '[.[].name] | join(", ")' <<<"$available")" >&2
  metric=""
fi

step "Start the training job"
job_id="$(api POST "/v1/projects/$project_id/training-jobs" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg train "$train_id" --arg test "$test_id" --arg metric "$metric" --arg run "$RUN_ID" '{
    name: "workorder-hours-\($run)",
    base_model: "Llama3.1-8B-Instruct",
    task_type: "regression",
    train_dataset_id: $train,
    test_dataset_id: $test,
    parameters: {num_train_epochs: 3}
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
echo "general_test_result: $(jq -r --argjson n "$checkpoint" \
  '.[] | select(.checkpoint == $n) | .test_results.general_test_result // "not given"' <<<"$checkpoints")"
# [end:evaluate]

# [start:deploy]
# No API call returns a regression value: a deployment serves only the dashboard's TESTING tab,
# and it costs money while it runs. The script deploys when you ask with EMISSARY_DEPLOY=1.
if [ "${EMISSARY_DEPLOY:-}" = "1" ]; then
  step "Deploy checkpoint $checkpoint"
  deployment_id="$(api POST "/v1/projects/$project_id/deployments" \
    --header "Content-Type: application/json" \
    --data "$(jq -n --arg job "$job_id" --argjson checkpoint "$checkpoint" --arg run "$RUN_ID" \
      '{training_job_id: $job, checkpoint: $checkpoint, name: "workorder-hours-\($run)"}')" | jq -r .id)"
  wait_for "/v1/projects/$project_id/deployments/$deployment_id" '.status == "Deployed"' \
    "deployment $deployment_id" "" \
    '.status == "Failed" or .status == "Cancelled" or .status == "Terminated" or .status == "TimedOut"' |
    jq -r '"\(.name): \(.status) (\(.id), task type \(.task_type))"'
  echo "test it in the dashboard's TESTING tab, then delete it (Delete deployment)"
else
  echo "not deployed (EMISSARY_DEPLOY is not 1): deploy checkpoint $checkpoint from the job's ARTIFACTS tab to test it"
fi
# [end:deploy]
