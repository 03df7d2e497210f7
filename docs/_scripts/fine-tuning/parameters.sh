#!/usr/bin/env bash
# Choose a base model and set hyperparameters: the API path of Fine-Tuning Parameters (/fine-tuning/parameters).
# Lists the base models and reads one model's parameter template, uploads a small training file
# (meeting-times.jsonl, written by the script), starts an SFT job with chosen hyperparameters, waits
# for it, continues training from its last checkpoint with a lower learning rate, and starts a GRPO job
# rewarded by listed testing functions.
# Uses the project in EMISSARY_PROJECT_ID, or creates one. Optional settings:
#   EMISSARY_BASE_MODEL     the base model (default Llama-3.2-3B-Instruct)
#   EMISSARY_HF_MODEL_LINK  a Hugging Face model URL: also starts a job on that model (HF_MODEL)
# It starts three training jobs on your account (four with EMISSARY_HF_MODEL_LINK).
# @include helpers
# [start:start]

# Sample data: a small text-generation file from the Datasets page.
# @embed data/datasets/good/meeting-times.jsonl
RUN_TAG="$(date +%Y%m%d-%H%M%S)"
BASE_MODEL="${EMISSARY_BASE_MODEL:-Llama-3.2-3B-Instruct}"

# [end:start]
# [start:list-models]
step "List the base models"
models="$(api GET /v1/models)"
jq -r '.[] | "\(.name) \(.type) \(if .support_serverless then "serverless" else "" end)"' <<<"$models"
if ! jq -e --arg name "$BASE_MODEL" 'map(.name) | index($name)' <<<"$models" >/dev/null; then
  echo "error: $BASE_MODEL is not in the model list; set EMISSARY_BASE_MODEL to one of $(jq -c 'map(.name)' <<<"$models")" >&2
  exit 1
fi

step "Read the parameter template of $BASE_MODEL"
api GET "/v1/models/$BASE_MODEL" | jq -c '{tunable: .parameter_template}'
# [end:list-models]

# [start:project]
step "Use or create a project and upload the training file"
PROJECT_ID="${EMISSARY_PROJECT_ID:-}"
if [ -z "$PROJECT_ID" ]; then
  PROJECT_ID="$(api POST /v1/projects --header 'Content-Type: application/json' \
    --data "$(jq -n --arg name "parameters-$RUN_TAG" '{name: $name}')" | jq -r .id)"
fi
DATASET_ID="$(api POST "/v1/projects/$PROJECT_ID/datasets" \
  --form "file=@meeting-times.jsonl" --form "name=meeting-times-train" | jq -r .id)"
wait_for "/v1/projects/$PROJECT_ID/datasets/$DATASET_ID" '.is_uploaded == true' \
  "the upload of dataset $DATASET_ID" >/dev/null
echo "Project ID: $PROJECT_ID dataset ID: $DATASET_ID"
# [end:project]

# [start:create-sft]
step "Start an SFT job with chosen hyperparameters"
body="$(jq -n --arg name "meetings-sft-$RUN_TAG" --arg model "$BASE_MODEL" --arg ds "$DATASET_ID" \
  '{name: $name, base_model: $model, task_type: "text-generation",
    train_dataset_id: $ds, train_test_split_ratio: 15,
    parameters: {downsample_size: 100, learning_rate: 0.0001, num_train_epochs: 4,
                 per_device_train_batch_size: 2, per_device_eval_batch_size: 1, dynamic_loss: false}}')"
job="$(api POST "/v1/projects/$PROJECT_ID/training-jobs" --header 'Content-Type: application/json' --data "$body")"
JOB_ID="$(jq -r .id <<<"$job")"
JOB_NAME="$(jq -r .name <<<"$job")"
echo "Training job ID: $JOB_ID name: $JOB_NAME"
# [end:create-sft]

# [start:wait-and-inspect]
step "Wait for the job and read what it used"
job="$(wait_for "/v1/projects/$PROJECT_ID/training-jobs/$JOB_ID" '.status == "Success"' \
  "training job $JOB_ID" "" '.status == "Failed" or .status == "TimedOut" or .status == "Cancelled"')"
jq -c '{hyper_parameters, loss_history: [.training_loss[]?.loss]}' <<<"$job"
# [end:wait-and-inspect]

# [start:continue]
step "Continue from the last checkpoint with a lower learning rate"
LAST="$(api GET "/v1/projects/$PROJECT_ID/training-jobs/$JOB_ID/checkpoints" | jq -r 'map(.checkpoint) | max // empty')"
if [ -z "$LAST" ]; then
  echo "error: training job $JOB_ID has no checkpoints to continue from" >&2
  exit 1
fi
body="$(jq -n --arg name "meetings-sft-continued-$RUN_TAG" --arg base "$JOB_NAME" \
  --argjson checkpoint "$LAST" --arg ds "$DATASET_ID" \
  '{name: $name, base_model_option: "fine-tuned", base_model: $base, checkpoint: $checkpoint,
    train_dataset_id: $ds, parameters: {learning_rate: 0.00005, num_train_epochs: 2}}')"
follow_up="$(api POST "/v1/projects/$PROJECT_ID/training-jobs" --header 'Content-Type: application/json' --data "$body")"
echo "Continued job ID: $(jq -r .id <<<"$follow_up") from checkpoint $LAST of $JOB_NAME"
# [end:continue]

# [start:grpo]
step "Start a GRPO job rewarded by listed testing functions"
functions="$(api GET /v1/testing-functions | jq -c 'map(.name) | .[:2]')"
if [ "$functions" = "[]" ]; then
  echo "error: GET /v1/testing-functions listed no function to reward with" >&2
  exit 1
fi
body="$(jq -n --arg name "meetings-grpo-$RUN_TAG" --arg model "$BASE_MODEL" --arg ds "$DATASET_ID" \
  --argjson fns "$functions" \
  '{name: $name, base_model: $model, train_dataset_id: $ds, test_functions: $fns,
    reward: ($fns | map({key: ., value: ((100 / ($fns | length)) | floor / 100)}) | from_entries),
    parameters: {learning_rate: 0.00005, num_train_epochs: 2, num_generations: 4, per_device_train_batch_size: 2}}')"
grpo="$(api POST "/v1/projects/$PROJECT_ID/training-jobs/grpo" --header 'Content-Type: application/json' --data "$body")"
echo "GRPO job ID: $(jq -r .id <<<"$grpo") rewards: $(jq -c .reward <<<"$grpo")"
# [end:grpo]

# [start:hugging-face]
if [ -n "${EMISSARY_HF_MODEL_LINK:-}" ]; then
  step "Start an SFT job on a Hugging Face model"
  body="$(jq -n --arg name "meetings-hf-$RUN_TAG" --arg link "$EMISSARY_HF_MODEL_LINK" --arg ds "$DATASET_ID" \
    '{name: $name, base_model: "HF_MODEL", hf_model_link: $link, train_dataset_id: $ds}')"
  hf_job="$(api POST "/v1/projects/$PROJECT_ID/training-jobs" --header 'Content-Type: application/json' --data "$body")"
  echo "Hugging Face job ID: $(jq -r .id <<<"$hf_job")"
fi
# [end:hugging-face]
