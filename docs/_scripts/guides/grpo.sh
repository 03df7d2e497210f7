#!/usr/bin/env bash
# GRPO guide, the whole API path in one script:
# upload star-rated reviews, run a short SFT job, start a GRPO job from its checkpoint with a
# reward built from listed testing functions, rank the GRPO checkpoints by that reward, deploy
# the best one and rate a new review.
# Run it in an empty folder: it writes the sample file it uploads.
# @include helpers
# [start:start]

# @embed data/reviews_train.jsonl

FAILED='.status == "Failed" or .status == "TimedOut" or .status == "Cancelled"'
# [end:start]
# [start:run-tag]
# A time stamp in every name keeps this run apart from earlier ones.
RUN_TAG="$(date +%Y%m%d-%H%M%S)"
# [end:run-tag]

# [start:list-functions]
step "List the testing functions"
functions="$(api GET /v1/testing-functions)"
jq -r '.[] | "\(.name): \((.dependencies // []) | if length > 0 then join(", ") else "no extra packages" end)"' \
  <<<"$functions"
# [end:list-functions]

# [start:reward]
# Partial credit for a rating close to the reference, plus a bonus for the exact rating.
REWARD='{"sample_match_regression_metric": 0.7, "sample_classification_metric": 0.3}'
missing="$(jq -r --argjson reward "$REWARD" '($reward | keys) - [.[].name] | join(", ")' <<<"$functions")"
if [ -n "$missing" ]; then
  echo "error: not offered to you: $missing. Build REWARD from the names listed above." >&2
  exit 1
fi
# [end:reward]

# [start:upload]
step "Create a project and upload the reviews"
project_id="$(api POST /v1/projects \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "review-stars-$RUN_TAG" '{name: $name}')" | jq -r .id)"
dataset_id="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@reviews_train.jsonl" \
  --form "name=reviews_train_jsonl" | jq -r .id)"
echo "project: $project_id dataset: $dataset_id"
# Train only once the API reports the file as uploaded.
wait_for "/v1/projects/$project_id/datasets/$dataset_id" '.is_uploaded == true' "the upload of reviews_train.jsonl" >/dev/null
# [end:upload]

# [start:sft]
step "Start the SFT job that GRPO builds on"
sft="$(api POST "/v1/projects/$project_id/training-jobs" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg dataset "$dataset_id" --argjson reward "$REWARD" --arg name "review-stars-sft-$RUN_TAG" '{
    name: $name,
    base_model: "Llama-3.2-3B-Instruct",
    train_dataset_id: $dataset,
    train_test_split_ratio: 20,
    test_functions: ($reward | keys),
    parameters: {num_train_epochs: 2}
  }')")"
sft_id="$(jq -r .id <<<"$sft")"
sft_name="$(jq -r .name <<<"$sft")"
echo "SFT job: $sft_id $sft_name"

step "Wait for the SFT job"
wait_for "/v1/projects/$project_id/training-jobs/$sft_id" '.status == "Success"' "SFT job" "" "$FAILED" >/dev/null
start_from="$(api GET "/v1/projects/$project_id/training-jobs/$sft_id/checkpoints" | jq -r 'last | .checkpoint // empty')"
if [ -z "$start_from" ]; then
  echo "error: the SFT job finished without checkpoints" >&2
  exit 1
fi
echo "GRPO starts from SFT checkpoint $start_from"
# [end:sft]

# [start:create-grpo]
step "Create the GRPO job"
grpo="$(api POST "/v1/projects/$project_id/training-jobs/grpo" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg dataset "$dataset_id" --arg sft "$sft_name" --argjson checkpoint "$start_from" \
    --argjson reward "$REWARD" --arg name "review-stars-grpo-$RUN_TAG" '{
    name: $name,
    description: "reward close and exact star ratings, from the SFT job",
    base_model_option: "fine-tuned",
    base_model: $sft,
    checkpoint: $checkpoint,
    train_dataset_id: $dataset,
    train_test_split_ratio: 20,
    task_type: "text-generation",
    test_functions: ($reward | keys),
    reward: $reward,
    parameters: {learning_rate: 0.00002, num_train_epochs: 2, num_generations: 6, per_device_train_batch_size: 2}
  }')")"
grpo_id="$(jq -r .id <<<"$grpo")"
jq -r '"GRPO job: \(.id) \(.training_technique) \(.status)"' <<<"$grpo"
# [end:create-grpo]

# [start:follow]
step "Wait for the GRPO job"
wait_for "/v1/projects/$project_id/training-jobs/$grpo_id" '.status == "Success"' "GRPO job" "" "$FAILED" \
  | jq -r '"status: \(.status) last loss: \((.training_loss // []) | last | .loss // "none reported")"'
# [end:follow]

# [start:rank]
step "Rank the GRPO checkpoints by the reward"
checkpoints="$(api GET "/v1/projects/$project_id/training-jobs/$grpo_id/checkpoints")"
# The key scheme of aggregated_test_result is not documented: this assumes one key per testing
# function and leaves a checkpoint out when any reward function has no score.
WEIGHTED='def weighted: (.test_results.aggregated_test_result // {}) as $r
  | [$reward | to_entries[] | (($r[.key] | tonumber?) // null) as $s
     | if $s == null then null else .value * $s end]
  | if any(. == null) then null else add end;'
jq -r --argjson reward "$REWARD" "$WEIGHTED"' .[]
  | "checkpoint \(.checkpoint): \(.test_results.aggregated_test_result // "no scores"), weighted: \(weighted)"' \
  <<<"$checkpoints"
if [ "$(jq 'length' <<<"$checkpoints")" -eq 0 ]; then
  echo "error: the GRPO job finished without checkpoints" >&2
  exit 1
fi
best="$(jq -r --argjson reward "$REWARD" "$WEIGHTED"'
  [.[] | select(weighted != null)] | max_by(weighted) | .checkpoint // empty' <<<"$checkpoints")"
if [ -n "$best" ]; then
  echo "best checkpoint: $best (weighted reward $(jq -r --argjson reward "$REWARD" --argjson best "$best" \
    "$WEIGHTED"' .[] | select(.checkpoint == $best) | weighted' <<<"$checkpoints"))"
else
  best="$(jq -r 'last | .checkpoint' <<<"$checkpoints")"
  echo "no checkpoint has a score for every reward function; taking the last, $best"
fi
# [end:rank]

# [start:deploy]
step "Deploy the chosen GRPO checkpoint"
deployment="$(api POST "/v1/projects/$project_id/deployments" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg job "$grpo_id" --argjson checkpoint "$best" --arg name "review-stars-$RUN_TAG" '{
    training_job_id: $job,
    checkpoint: $checkpoint,
    name: $name,
    description: "GRPO checkpoint \($checkpoint)"
  }')")"
deployment_id="$(jq -r .id <<<"$deployment")"
model="$(jq -r .name <<<"$deployment")"

step "Wait for the deployment"
wait_for "/v1/projects/$project_id/deployments/$deployment_id" \
  '.status == "Deployed"' "deployment" "" \
  '.status as $s | ["Failed", "Cancelled", "Terminated", "TimedOut"] | index($s) != null' >/dev/null

step "Rate a new review"
api POST /v1/completions \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$model" '{
    model: $model,
    prompt: "Rate this product review from 1 to 5 stars. Answer with the digit only.\nReview: Heats up quickly, but the light is far too bright at night.\nStars:",
    temperature: 0,
    max_completion_tokens: 2
  }')" | jq -r '"stars: " + (.choices[0].text | gsub("^\\s+|\\s+$"; ""))'
# [end:deploy]

# [start:clean-up]
if [ "${EMISSARY_CLEAN_UP:-}" = "1" ]; then
  step "Delete the deployment"
  api DELETE "/v1/projects/$project_id/deployments/$deployment_id" >/dev/null
  echo "deleted deployment $deployment_id"
fi
# [end:clean-up]
