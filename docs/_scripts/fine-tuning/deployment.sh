#!/usr/bin/env bash
# Deployment Guide: the whole API path of /fine-tuning/deployment, with curl and jq.
#
# Deploys a checkpoint of a training job with an idle timeout, calls it, deploys the base model on an
# office-hours schedule, serves the same checkpoint from an inference engine, tries a serverless base
# model, and removes what it created.
#
# Set EMISSARY_PROJECT_ID and EMISSARY_TRAINING_JOB_ID to use your own successful text-generation job.
# Without them, the script first creates a project and trains a small job on the home page's sample
# data. Set EMISSARY_CLASSIFIER or EMISSARY_EMBEDDER to the name of a classification or embedding
# deployment to try those calls too. Set EMISSARY_KEEP=1 to keep the deployments and the engine.
# Run it in an empty folder: it writes its own sample data.
# @include helpers
# [start:setup]


# [start:wake-up]
# wake_up PROJECT_ID DEPLOYMENT_ID: make sure a deployment is Deployed before you send it traffic.
wake_up() {
  local path="/v1/projects/$1/deployments/$2" status
  status="$(api GET "$path" | jq -r .status)"
  if [ "$status" = "Deactivated" ]; then
    api POST "$path/reactivate" >/dev/null
  fi
  wait_for "$path" '.status == "Deployed"' "deployment $2" "" "$DEPLOYMENT_STOPPED" >/dev/null
}
# [end:wake-up]

# [start:wake-engine]
# wake_engine ENGINE_ID: make sure an inference engine is Active before you send its deployments traffic.
wake_engine() {
  local status
  status="$(api GET "/v1/engines/$1" | jq -r .status)"
  if [ "$status" = "Inactive" ]; then
    api POST "/v1/engines/$1/reactivate" >/dev/null
  fi
  wait_for "/v1/engines/$1" '.status == "Active"' "inference engine $1" >/dev/null
}
# [end:wake-engine]

# Sample data for the training job the script starts when you name none.
# @embed data/ticket_summaries_train.jsonl

RUN_TAG="$(date +%Y%m%d-%H%M%S)"

# [end:setup]
# [start:settings]
# Your project and a training job in it, or nothing to let the script train one.
PROJECT_ID="${EMISSARY_PROJECT_ID:-}"
JOB_ID="${EMISSARY_TRAINING_JOB_ID:-}"
if [ -z "$PROJECT_ID" ] || [ -z "$JOB_ID" ]; then
  step "Create a project for the sample job"
  PROJECT_ID="$(api POST /v1/projects --header "Content-Type: application/json" \
    --data "$(jq -n --arg name "deployment-guide-$RUN_TAG" '{name: $name}')" | jq -r .id)"
  step "Upload the sample dataset"
  DATASET_ID="$(api POST "/v1/projects/$PROJECT_ID/datasets" --max-time 300 \
    --form "file=@ticket_summaries_train.jsonl" --form "name=tickets-train" | jq -r .id)"
  wait_for "/v1/projects/$PROJECT_ID/datasets/$DATASET_ID" '.is_uploaded == true' \
    "the upload of dataset $DATASET_ID" >/dev/null
  step "Start the sample training job"
  JOB_ID="$(api POST "/v1/projects/$PROJECT_ID/training-jobs" --header "Content-Type: application/json" \
    --data "$(jq -n --arg name "tickets-sft-$RUN_TAG" --arg dataset "$DATASET_ID" \
      '{name: $name, base_model: "Llama-3.2-1B-Instruct", task_type: "text-generation", train_dataset_id: $dataset}')" \
    | jq -r .id)"
fi

step "Wait for the training job"
JOB="$(wait_for "/v1/projects/$PROJECT_ID/training-jobs/$JOB_ID" '.status == "Success"' "training job $JOB_ID" "" \
  '.status == "Failed" or .status == "TimedOut" or .status == "Cancelled"')"
BASE_MODEL="$(jq -r .base_model <<<"$JOB")"
TASK_TYPE="$(jq -r .task_type <<<"$JOB")"
echo "Training job $JOB_ID is done; base model: $BASE_MODEL"
# [end:settings]

# [start:deploy-checkpoint]
step "Deploy the last checkpoint"
CHECKPOINT="$(api GET "/v1/projects/$PROJECT_ID/training-jobs/$JOB_ID/checkpoints" | jq -r 'map(.checkpoint) | max // empty')"
if [ -z "$CHECKPOINT" ]; then
  echo "error: training job $JOB_ID has no checkpoints" >&2
  exit 1
fi
DEPLOYMENT="$(api POST "/v1/projects/$PROJECT_ID/deployments" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg job "$JOB_ID" --argjson checkpoint "$CHECKPOINT" --arg name "tickets-$RUN_TAG" '{
    training_job_id: $job,
    checkpoint: $checkpoint,
    name: $name,
    description: "checkpoint \($checkpoint) of \($job)",
    inactive_timeout: 900
  }')")"
DEPLOYMENT_ID="$(jq -r .id <<<"$DEPLOYMENT")"
MODEL_NAME="$(jq -r .name <<<"$DEPLOYMENT")"
echo "Deployment $DEPLOYMENT_ID named $MODEL_NAME is $(jq -r .status <<<"$DEPLOYMENT")"
# [end:deploy-checkpoint]

# [start:wait-for-deployment]
step "Wait for the deployment"
wait_for "/v1/projects/$PROJECT_ID/deployments/$DEPLOYMENT_ID" '.status == "Deployed"' \
  "deployment $DEPLOYMENT_ID" "" "$DEPLOYMENT_STOPPED" \
  | jq -c '{training_id, checkpoint, base_model, task_type, labels: .metadata.labels}'
# [end:wait-for-deployment]

# [start:completions]
step "Ask for a completion"
wake_up "$PROJECT_ID" "$DEPLOYMENT_ID"
api POST /v1/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$MODEL_NAME" '{
    model: $model,
    prompt: "Summarise the ticket: The app crashes when I rotate my tablet during checkout.",
    max_completion_tokens: 64,
    temperature: 0.2,
    top_p: 0.7,
    top_k: 50
  }')" \
  | jq -r '.choices[0].text'
# [end:completions]

# [start:chat]
step "Ask for a chat reply"
api POST /v1/chat/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$MODEL_NAME" '{
    model: $model,
    messages: [
      {role: "system", content: "Answer in one sentence."},
      {role: "user", content: "Summarise the ticket: I was billed twice for one order."}
    ],
    max_tokens: 80,
    temperature: 0.3
  }')" \
  | jq -r '.choices[0].message.content'
# [end:chat]

# [start:classification]
if [ -n "${EMISSARY_CLASSIFIER:-}" ]; then
  step "Classify a text"
  api POST /v1/classification \
    --header "Content-Type: application/json" \
    --data "$(jq -n --arg model "$EMISSARY_CLASSIFIER" \
      '{model: $model, input: "I was billed twice this month", data_format: "probs"}')" \
    | jq -c '.data[0].probs | {label: (to_entries | max_by(.value) | .key), probs: .}'
fi
# [end:classification]

# [start:embeddings]
if [ -n "${EMISSARY_EMBEDDER:-}" ]; then
  step "Embed two texts"
  api POST /v1/embeddings \
    --header "Content-Type: application/json" \
    --data "$(jq -n --arg model "$EMISSARY_EMBEDDER" \
      '{model: $model, input: ["How do I reset my password?", "Recover a forgotten login"]}')" \
    | jq -r '"\(.data | length) vectors of length \(.data[0].embedding | length)"'
fi
# [end:embeddings]

# [start:deploy-base-model]
step "Deploy the base model for office hours"
BASELINE="$(api POST "/v1/projects/$PROJECT_ID/deployments" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$BASE_MODEL" --arg name "baseline-$RUN_TAG" '{
    training_job_id: $model,
    checkpoint: 0,
    name: $name,
    description: "\($model) as it is, for comparison",
    schedule: {
      timezone: "Europe/Berlin",
      start_time: "08:00",
      end_time: "18:00",
      days: ["monday", "tuesday", "wednesday", "thursday", "friday"]
    }
  }')")"
BASELINE_ID="$(jq -r .id <<<"$BASELINE")"
echo "Base-model deployment $BASELINE_ID named $(jq -r .name <<<"$BASELINE") is $(jq -r .status <<<"$BASELINE")"
# [end:deploy-base-model]

# [start:create-engine]
step "Create an inference engine"
ENGINE="$(api POST /v1/engines \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "shared-$RUN_TAG" --arg model "$BASE_MODEL" --arg task "$TASK_TYPE" '{
    name: $name,
    base_model: $model,
    task_type: $task,
    resource_management_config: {
      management_type: "inactive_timeout",
      management_config: {inactive_duration: 900}
    }
  }')")"
ENGINE_ID="$(jq -r .id <<<"$ENGINE")"
echo "Engine $ENGINE_ID is $(jq -r .status <<<"$ENGINE")"
wait_for "/v1/engines/$ENGINE_ID" '.status == "Active"' "inference engine $ENGINE_ID" >/dev/null
# [end:create-engine]

# [start:deploy-on-engine]
step "Deploy the checkpoint on the engine"
PLACED="$(api POST "/v1/engines/$ENGINE_ID/deploy" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "tickets-shared-$RUN_TAG" --arg project "$PROJECT_ID" --arg job "$JOB_ID" \
    --argjson checkpoint "$CHECKPOINT" \
    '{name: $name, project_id: $project, training_id: $job, checkpoint: $checkpoint}')")"
PLACED_ID="$(jq -r .id <<<"$PLACED")"
PLACED_NAME="$(jq -r .name <<<"$PLACED")"
PLACED_STATUS="(.deployments[] | select(.id == \"$PLACED_ID\") | .status)"
wait_for "/v1/engines/$ENGINE_ID" "any($PLACED_STATUS; . == \"Deployed\")" \
  "deployment $PLACED_NAME on engine $ENGINE_ID" "" \
  "any($PLACED_STATUS; . == \"Failed\" or . == \"Cancelled\" or . == \"Terminated\" or . == \"TimedOut\")" >/dev/null
echo "Deployment $PLACED_NAME is up on engine $ENGINE_ID"
# [end:deploy-on-engine]

# [start:inspect-engines]
step "List the engines for this base model"
api GET "/v1/engines?base_model=$(jq -rn --arg v "$BASE_MODEL" '$v | @uri')" \
  | jq -r '.[] | "\(.id) \(.name) \(.status) \(.deployment_counts) deployments"'
step "Call the deployment on the engine"
wake_engine "$ENGINE_ID"
api POST /v1/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$PLACED_NAME" \
    '{model: $model, prompt: "Summarise the ticket: My parcel arrived empty.", max_completion_tokens: 40}')" \
  | jq -r '.choices[0].text'
# [end:inspect-engines]

# [start:serverless]
step "Find a serverless base model"
SERVERLESS="$(api GET /v1/models | jq -r '[.[] | select(.support_serverless == true and .type == "chat") | .name][0] // empty')"
if [ -n "$SERVERLESS" ]; then
  api POST /v1/chat/completions \
    --header "Content-Type: application/json" \
    --data "$(jq -n --arg model "$SERVERLESS" \
      '{model: $model, messages: [{role: "user", content: "Name three uses for a paperclip."}], max_tokens: 60}')" \
    | jq -r --arg model "$SERVERLESS" '"\($model) says: \(.choices[0].message.content)"'
else
  echo "No serverless chat model is offered to you right now."
fi
# [end:serverless]

if [ "${EMISSARY_KEEP:-}" = "1" ]; then
  echo "Keeping the deployments and the engine (EMISSARY_KEEP=1)."
  exit 0
fi

# [start:clean-up]
step "Take the deployment off the engine, then delete the engine"
api POST "/v1/engines/$ENGINE_ID/undeploy" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "$PLACED_NAME" '{deployment_name: $name}')" >/dev/null
ENGINE_STATUS="$(api GET "/v1/engines/$ENGINE_ID" | jq -r .status)"
if [ "$ENGINE_STATUS" = "Active" ]; then
  api POST "/v1/engines/$ENGINE_ID/deactivate" >/dev/null
fi
api DELETE "/v1/engines/$ENGINE_ID" >/dev/null
step "Delete the two project deployments"
for ID in "$DEPLOYMENT_ID" "$BASELINE_ID"; do
  api DELETE "/v1/projects/$PROJECT_ID/deployments/$ID" >/dev/null
done
echo "Removed the engine $ENGINE_ID and the deployments $DEPLOYMENT_ID $BASELINE_ID"
# [end:clean-up]
