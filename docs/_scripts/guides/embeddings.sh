#!/usr/bin/env bash
# Embeddings guide, the whole API path in one script:
# check the pairs, create a project, upload them, train an embedding model, deploy a checkpoint,
# embed a question and three articles, and rank the articles by similarity.
# Run it in an empty folder: it writes the sample files it uploads.
# @include helpers
# [start:start]

# @embed data/helpdesk_pairs_train.csv
# @embed data/helpdesk_pairs_test.csv

# [end:start]
# [start:run-tag]
# A time stamp in every name keeps this run apart from earlier ones.
RUN_TAG="$(date +%Y%m%d-%H%M%S)"
# [end:run-tag]

step "Check the pair files"
for file in helpdesk_pairs_train.csv helpdesk_pairs_test.csv; do
  if [ "$(head -n 1 "$file" | tr -d '\r')" != "text1,text2,score" ]; then
    echo "error: $file: the header must be text1,text2,score" >&2
    exit 1
  fi
  echo "$file: $(($(wc -l < "$file") - 1)) pairs"
done

# [start:upload]
step "Create a project"
project_id="$(api POST /v1/projects \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg name "helpdesk-search-$RUN_TAG" '{name: $name}')" | jq -r .id)"
echo "project: $project_id"

step "Upload helpdesk_pairs_train.csv"
train_id="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@helpdesk_pairs_train.csv;type=text/csv" \
  --form "name=helpdesk_pairs_train" | jq -r .id)"

step "Upload helpdesk_pairs_test.csv"
test_id="$(api POST "/v1/projects/$project_id/datasets" \
  --form "file=@helpdesk_pairs_test.csv;type=text/csv" \
  --form "name=helpdesk_pairs_test" | jq -r .id)"
echo "datasets: train $train_id, test $test_id"
# Train only once the API reports both files as uploaded.
for id in "$train_id" "$test_id"; do
  wait_for "/v1/projects/$project_id/datasets/$id" '.is_uploaded == true' "the upload of dataset $id" >/dev/null
done
# [end:upload]

# [start:train]
step "Create the embedding training job"
job_id="$(api POST "/v1/projects/$project_id/training-jobs" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg train "$train_id" --arg test "$test_id" --arg name "helpdesk-embedder-$RUN_TAG" '{
    name: $name,
    base_model: "All-Mpnet-Base-V2-Embedding-Model",
    task_type: "embedding",
    train_dataset_id: $train,
    test_dataset_id: $test,
    parameters: {num_train_epochs: 3, per_device_train_batch_size: 16}
  }')" | jq -r .id)"
echo "training job: $job_id"

step "Wait for the training job to finish"
wait_for "/v1/projects/$project_id/training-jobs/$job_id" \
  '.status == "Success"' "training job" "" \
  '.status == "Failed" or .status == "TimedOut" or .status == "Cancelled"' >/dev/null
# [end:train]

# [start:checkpoints]
step "List the checkpoints"
checkpoints="$(api GET "/v1/projects/$project_id/training-jobs/$job_id/checkpoints")"
jq -r '.[] | "checkpoint \(.checkpoint): \(.test_results.aggregated_test_result // "no scores")"' \
  <<<"$checkpoints"
chosen="$(jq -r 'last | .checkpoint // empty' <<<"$checkpoints")"
if [ -z "$chosen" ]; then
  echo "error: the job finished without checkpoints" >&2
  exit 1
fi
echo "deploying the last checkpoint, $chosen; compare the scores above and change it if you like"
# [end:checkpoints]

# [start:deploy]
step "Deploy the checkpoint"
deployment="$(api POST "/v1/projects/$project_id/deployments" \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg job "$job_id" --argjson checkpoint "$chosen" --arg name "helpdesk-embedder-$RUN_TAG" '{
    training_job_id: $job,
    checkpoint: $checkpoint,
    name: $name,
    inactive_timeout: 7200
  }')")"
deployment_id="$(jq -r .id <<<"$deployment")"
model="$(jq -r .name <<<"$deployment")"

step "Wait for the deployment"
wait_for "/v1/projects/$project_id/deployments/$deployment_id" \
  '.status == "Deployed"' "deployment" "" \
  '.status as $s | ["Failed", "Cancelled", "Terminated", "TimedOut"] | index($s) != null' >/dev/null
echo "deployment: $deployment_id, called as $model"
# [end:deploy]

# [start:embed]
step "Embed a question and three articles"
texts='["Do you take wire transfers?",
  "Accepted payment methods, including SEPA and wire transfers",
  "Downloading past invoices as PDF files",
  "Tracking a shipment after it leaves the warehouse"]'
vectors="$(api POST /v1/embeddings \
  --header "Content-Type: application/json" \
  --data "$(jq -n --arg model "$model" --argjson input "$texts" '{model: $model, input: $input}')" \
  | jq -c '[.data[].embedding]')"
jq -r '"\(length) vectors of length \(.[0] | length)"' <<<"$vectors"
# [end:embed]

# [start:rank]
step "Rank the articles by similarity to the question"
# Cosine similarity of the first vector (the question) with each of the others, highest first.
jq -r --argjson texts "$texts" '
  def dot($a; $b): [$a, $b] | transpose | map(.[0] * .[1]) | add;
  def norm($a): dot($a; $a) | sqrt;
  .[0] as $q
  | [range(1; length) as $i | .[$i] as $v
     | {score: (if norm($q) == 0 or norm($v) == 0 then 0 else dot($q; $v) / (norm($q) * norm($v)) end),
        text: ($texts[$i] // "(no text)")}]
  | sort_by(-.score)[]
  | "\(.score * 1000 | round / 1000)  \(.text)"' <<<"$vectors"
# [end:rank]

# [start:clean-up]
if [ "${EMISSARY_CLEAN_UP:-}" = "1" ]; then
  step "Delete the deployment"
  api DELETE "/v1/projects/$project_id/deployments/$deployment_id" >/dev/null
  echo "deleted deployment $deployment_id"
fi
# [end:clean-up]
