#!/usr/bin/env bash
# Quickstart (/fine-tuning/quickstart): fine-tune, deploy and call a small model through the API.
#
# Creates a project, uploads three sample rows (plain_errors_train.jsonl), fine-tunes
# Llama-3.2-1B-Instruct on them, deploys the last checkpoint and asks it to complete one prompt
# in the form of the training rows.
# Run it in an empty folder: it writes its own sample data. It starts one training job and one
# deployment on your account. Needs bash, curl and jq.
# @include helpers

# @embed data/plain_errors_train.jsonl

# [start:run-tag]
# A time stamp in each name keeps this run apart from earlier ones.
run_tag="$(date +%Y%m%d-%H%M%S)"
# [end:run-tag]

# [start:create-project]
step "Create a project"
project="$(api POST /v1/projects \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "plain-errors-$run_tag" '{name: $name}')")"
project_id="$(jq -er '.id' <<<"$project")"
echo "Project ID: $project_id"
# [end:create-project]

# [start:upload-dataset]
step "Upload the dataset"
dataset="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@plain_errors_train.jsonl" \
  --form "name=plain-errors-train")"
dataset_id="$(jq -er '.id' <<<"$dataset")"
echo "Dataset ID: $dataset_id"
# Train only once the API reports the file as uploaded.
wait_for "/v1/projects/$project_id/datasets/$dataset_id" \
  '.is_uploaded == true' "the upload of dataset $dataset_id" >/dev/null
# [end:upload-dataset]

# [start:start-training]
step "Start training"
job="$(api POST "/v1/projects/$project_id/training-jobs" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "plain-errors-$run_tag" --arg dataset "$dataset_id" '{
    name: $name,
    base_model: "Llama-3.2-1B-Instruct",
    train_dataset_id: $dataset,
    train_test_split_ratio: 10
  }')")"
job_id="$(jq -er '.id' <<<"$job")"
echo "Training job ID: $job_id"
# [end:start-training]

# [start:wait-for-success]
step "Wait for the training job to reach Success"
wait_for "/v1/projects/$project_id/training-jobs/$job_id" \
  '.status == "Success"' "training job $job_id" "" \
  '.status == "Failed" or .status == "TimedOut" or .status == "Cancelled"' >/dev/null
# [end:wait-for-success]

# [start:list-checkpoints]
step "List the checkpoints"
checkpoints="$(api GET "/v1/projects/$project_id/training-jobs/$job_id/checkpoints")"
jq -c '.[] | {checkpoint, test_results}' <<<"$checkpoints"
checkpoint="$(jq -er 'map(.checkpoint) | max' <<<"$checkpoints")"
# [end:list-checkpoints]

# [start:deploy]
step "Deploy checkpoint $checkpoint"
deployment="$(api POST "/v1/projects/$project_id/deployments" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg job "$job_id" --argjson checkpoint "$checkpoint" --arg name "plain-errors-$run_tag" \
    '{training_job_id: $job, checkpoint: $checkpoint, name: $name}')")"
deployment_id="$(jq -er '.id' <<<"$deployment")"
# The inference calls take the deployment name as "model".
model_name="$(jq -er '.name' <<<"$deployment")"
echo "Deployment ID: $deployment_id name: $model_name"
# [end:deploy]

# [start:wait-for-deployed]
step "Wait for the deployment to reach Deployed"
wait_for "/v1/projects/$project_id/deployments/$deployment_id" \
  '.status == "Deployed"' "deployment $deployment_id" "" \
  '.status == "Failed" or .status == "Cancelled" or .status == "Terminated" or .status == "TimedOut"' >/dev/null
# [end:wait-for-deployed]

# [start:call-model]
step "Call the model"
# The rows are prompt and completion, so send a prompt in the same form to Completions.
answer="$(api POST /v1/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$model_name" '{
    model: $model,
    prompt: "Explain for a user: ETIMEDOUT while fetching https://example.com",
    max_completion_tokens: 80
  }')")"
jq -r '.choices[0].text' <<<"$answer"
# [end:call-model]
