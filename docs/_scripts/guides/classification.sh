#!/usr/bin/env bash
# Text classification, end to end (guide: /guides/classification).
#
# Uploads sample support tickets, fine-tunes Bert-Classification-Model on CSV and Llama3-8B-Chat
# on JSONL, deploys the best checkpoint of each and labels one new ticket with both.
# Run it in an empty folder: it writes its own sample data. It starts two training jobs and two
# deployments on your account.
# @include helpers
# [start:start]

LABELS="billing technical account other"
# Job and deployment names should be unique; the run's start time keeps them apart.
RUN_ID="$(date -u +%Y%m%d-%H%M%S)"

# @embed data/tickets_train.csv
# @embed data/tickets_test.csv
# @embed data/tickets_train.jsonl
# @embed data/tickets_test.jsonl
# [end:start]
# [start:testing-function]
# testing_function NAME: print NAME if your account lists it, else nothing (the job then runs without it).
testing_function() {
  local available
  available="$(api GET /v1/testing-functions)"
  if jq -e --arg name "$1" 'any(.[]; .name == $name)' <<<"$available" >/dev/null; then
    printf '%s\n' "$1"
  else
    printf '    %s is not available; the account lists: %s\n' "$1" \
      "$(jq -r '[.[].name] | join(", ")' <<<"$available")" >&2
  fi
}
# [end:testing-function]

# [start:wait-for-job]
# wait_for_job PROJECT_ID JOB_ID: poll the job until it succeeds; stop on Failed, TimedOut or Cancelled.
wait_for_job() {
  step "Wait for training job $2"
  wait_for "/v1/projects/$1/training-jobs/$2" '.status == "Success"' "training job $2" "" \
    '.status == "Failed" or .status == "TimedOut" or .status == "Cancelled"' >/dev/null
}
# [end:wait-for-job]

# [start:deploy-checkpoint]
# deploy_checkpoint PROJECT_ID JOB_ID CHECKPOINT NAME: deploy one checkpoint, wait until it is
# Deployed and print the name to call it by.
deploy_checkpoint() {
  local deployment id
  step "Deploy checkpoint $3 of $2 as $4"
  deployment="$(api POST "/v1/projects/$1/deployments" \
    --header "Content-Type: application/json" \
    --data "$(jq -n --arg job "$2" --argjson checkpoint "$3" --arg name "$4" \
      '{training_job_id: $job, checkpoint: $checkpoint, name: $name}')")"
  id="$(jq -r .id <<<"$deployment")"
  wait_for "/v1/projects/$1/deployments/$id" '.status == "Deployed"' "deployment $id" "" \
    '.status == "Failed" or .status == "Cancelled" or .status == "Terminated" or .status == "TimedOut"' >/dev/null
  echo "$(jq -r .name <<<"$deployment"): deployed as $id" >&2
  jq -r .name <<<"$deployment"
}
# [end:deploy-checkpoint]

# [start:upload]
step "Create a project"
project_id="$(api POST /v1/projects \
  --header "Content-Type: application/json" \
  --data '{"name": "ticket-router"}' | jq -r .id)"
echo "project: $project_id"

# upload NAME FILE: upload one file, wait until it is stored and print its dataset ID.
upload() {
  local id
  step "Upload $2"
  id="$(api POST "/v1/projects/$project_id/datasets" \
    --form "file=@$2" \
    --form "name=$1" | jq -r .id)"
  wait_for "/v1/projects/$project_id/datasets/$id" '.is_uploaded == true' "the upload of $2" >/dev/null
  echo "$1: $id" >&2
  printf '%s\n' "$id"
}
train_csv="$(upload tickets_train_csv tickets_train.csv)"
test_csv="$(upload tickets_test_csv tickets_test.csv)"
train_jsonl="$(upload tickets_train_jsonl tickets_train.jsonl)"
test_jsonl="$(upload tickets_test_jsonl tickets_test.jsonl)"
# [end:upload]

# [start:train-bert]
step "Start the BERT training job"
bert_job_id="$(api POST "/v1/projects/$project_id/training-jobs" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg train "$train_csv" --arg test "$test_csv" --arg run "$RUN_ID" '{
    name: "ticket-router-bert-\($run)",
    base_model: "Bert-Classification-Model",
    task_type: "classification",
    train_dataset_id: $train,
    test_dataset_id: $test,
    parameters: {num_train_epochs: 4}
  }')" | jq -r .id)"
echo "BERT job: $bert_job_id"
# [end:train-bert]

# [start:train-llm]
step "Start the Llama training job"
metric="$(testing_function sample_classification_metric)"
llm_job_id="$(api POST "/v1/projects/$project_id/training-jobs" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg train "$train_jsonl" --arg test "$test_jsonl" --arg metric "$metric" --arg run "$RUN_ID" '{
    name: "ticket-router-llama-\($run)",
    base_model: "Llama3-8B-Chat",
    task_type: "text-generation",
    train_dataset_id: $train,
    test_dataset_id: $test
  } + (if $metric == "" then {} else {test_functions: [$metric]} end)')" | jq -r .id)"
echo "Llama job: $llm_job_id"
# [end:train-llm]

# [start:evaluate]
wait_for_job "$project_id" "$bert_job_id"
step "Compare the BERT checkpoints"
checkpoints="$(api GET "/v1/projects/$project_id/training-jobs/$bert_job_id/checkpoints")"
bert_checkpoint="$(pick_checkpoint accuracy <<<"$checkpoints")"

wait_for_job "$project_id" "$llm_job_id"
step "Compare the Llama checkpoints"
checkpoints="$(api GET "/v1/projects/$project_id/training-jobs/$llm_job_id/checkpoints")"
llm_checkpoint="$(pick_checkpoint "$metric" <<<"$checkpoints")"
echo "best checkpoints: BERT $bert_checkpoint, Llama $llm_checkpoint"
# [end:evaluate]

# [start:deploy]
bert_model="$(deploy_checkpoint "$project_id" "$bert_job_id" "$bert_checkpoint" "ticket-router-$RUN_ID")"
llm_model="$(deploy_checkpoint "$project_id" "$llm_job_id" "$llm_checkpoint" "ticket-router-llm-$RUN_ID")"
# [end:deploy]

# [start:classify-bert]
step "Classify a ticket with the BERT deployment"
api POST /v1/classification \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$bert_model" '{
    model: $model,
    input: "My card was declined but the money left my account",
    data_format: "probs"
  }')" |
  jq -r '.data[0].probs | to_entries | max_by(.value) | "BERT: \(.key) (\(.value))"'
# [end:classify-bert]

# [start:classify-llm]
step "Classify a ticket with the Llama deployment"
prompt="Classify the support ticket as billing, technical, account or other.
Ticket: Two-factor codes never arrive on my phone
Label:"
api POST /v1/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$llm_model" --arg prompt "$prompt" '{
    model: $model,
    prompt: $prompt,
    temperature: 0,
    max_completion_tokens: 5
  }')" |
  jq -r --arg labels "$LABELS" '
    (.choices[0].text | ascii_downcase | sub("^\\s+"; "") | sub("\\s+$"; "")) as $answer
    | (if any($labels | split(" ")[]; . == $answer) then $answer else "other" end) as $choice
    | "Llama: \($choice) (the model wrote \($answer | @json))"'
# [end:classify-llm]
