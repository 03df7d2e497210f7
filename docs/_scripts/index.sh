#!/usr/bin/env bash
# Start your first fine-tuning project: the whole API path of the home page (/), with curl and jq.
#
# Creates a project, uploads five sample ticket summaries, fine-tunes Llama-3.2-1B-Instruct on them,
# deploys the last checkpoint and asks it to summarise a new ticket.
# Run it in an empty folder: it writes its own sample data. It starts one training job and one
# deployment on your account. Set EMISSARY_CLEAN_UP=1 to delete the deployment at the end.
# @include helpers

# Sample data: the file the page shows.
# @embed data/ticket_summaries_train.jsonl

# [start:run-tag]
# A time stamp in every name keeps this run apart from earlier ones.
RUN_TAG="$(date +%Y%m%d-%H%M%S)"
# [end:run-tag]

# [start:create-project]
step "Create a project"
PROJECT="$(api POST /v1/projects \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "ticket-summaries-$RUN_TAG" '{name: $name}')")"
PROJECT_ID="$(jq -r .id <<<"$PROJECT")"
echo "Project ID: $PROJECT_ID"
# [end:create-project]

# [start:upload-dataset]
step "Upload the training dataset"
DATASET="$(api POST "/v1/projects/$PROJECT_ID/datasets" \
  --max-time 300 \
  --form "file=@ticket_summaries_train.jsonl" \
  --form "name=tickets-train")"
DATASET_ID="$(jq -r .id <<<"$DATASET")"
echo "Dataset ID: $DATASET_ID"
wait_for "/v1/projects/$PROJECT_ID/datasets/$DATASET_ID" \
  '.is_uploaded == true' "the upload of dataset $DATASET_ID" >/dev/null
# [end:upload-dataset]

# [start:create-training-job]
step "Start a training job"
JOB="$(api POST "/v1/projects/$PROJECT_ID/training-jobs" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "tickets-sft-$RUN_TAG" --arg dataset "$DATASET_ID" '{
    name: $name,
    description: "first run on the ticket summaries",
    base_model: "Llama-3.2-1B-Instruct",
    task_type: "text-generation",
    train_dataset_id: $dataset,
    train_test_split_ratio: 10,
    parameters: {num_train_epochs: 3, learning_rate: 0.0002}
  }')")"
JOB_ID="$(jq -r .id <<<"$JOB")"
echo "Training job ID: $JOB_ID status: $(jq -r .status <<<"$JOB")"
# [end:create-training-job]

# [start:wait-for-training]
step "Wait for training to finish"
wait_for "/v1/projects/$PROJECT_ID/training-jobs/$JOB_ID" \
  '.status == "Success"' "training job $JOB_ID" "" \
  '.status == "Failed" or .status == "TimedOut" or .status == "Cancelled"' \
  | jq -c '{status, hyper_parameters}'
# [end:wait-for-training]

# [start:list-checkpoints]
step "List the checkpoints"
CHECKPOINTS="$(api GET "/v1/projects/$PROJECT_ID/training-jobs/$JOB_ID/checkpoints")"
jq -c '.[] | {checkpoint, scores: .test_results.aggregated_test_result}' <<<"$CHECKPOINTS"
CHECKPOINT="$(jq -r 'map(.checkpoint) | max // empty' <<<"$CHECKPOINTS")"
if [ -z "$CHECKPOINT" ]; then
  echo "error: training job $JOB_ID finished without checkpoints" >&2
  exit 1
fi
echo "Deploying checkpoint $CHECKPOINT"
# [end:list-checkpoints]

# [start:create-deployment]
step "Deploy the checkpoint"
DEPLOYMENT="$(api POST "/v1/projects/$PROJECT_ID/deployments" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg job "$JOB_ID" --argjson checkpoint "$CHECKPOINT" --arg name "tickets-summary-$RUN_TAG" '{
    training_job_id: $job,
    checkpoint: $checkpoint,
    name: $name,
    description: "checkpoint \($checkpoint) of \($job)",
    inactive_timeout: 3600
  }')")"
DEPLOYMENT_ID="$(jq -r .id <<<"$DEPLOYMENT")"
MODEL_NAME="$(jq -r .name <<<"$DEPLOYMENT")"
echo "Deployment ID: $DEPLOYMENT_ID name: $MODEL_NAME"
# [end:create-deployment]

# [start:wait-for-deployment]
step "Wait for the deployment"
wait_for "/v1/projects/$PROJECT_ID/deployments/$DEPLOYMENT_ID" \
  '.status == "Deployed"' "deployment $DEPLOYMENT_ID" "" \
  '.status == "Failed" or .status == "Cancelled" or .status == "Terminated" or .status == "TimedOut"' \
  >/dev/null
echo "Ready. Send requests with model = $MODEL_NAME"
# [end:wait-for-deployment]

# [start:call-model]
step "Ask your model for a summary"
api POST /v1/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$MODEL_NAME" '{
    model: $model,
    prompt: "Summarise the ticket: My discount code SPRING20 says it has expired, but the email said it is valid until the end of the month.",
    max_completion_tokens: 60,
    temperature: 0.2
  }')" \
  | jq -r '.choices[0].text'
# [end:call-model]

# [start:clean-up]
if [ "${EMISSARY_CLEAN_UP:-}" = "1" ]; then
  step "Delete the deployment"
  api DELETE "/v1/projects/$PROJECT_ID/deployments/$DEPLOYMENT_ID" >/dev/null
  echo "Deleted deployment $DEPLOYMENT_ID"
fi
# [end:clean-up]
