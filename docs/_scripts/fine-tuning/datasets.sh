#!/usr/bin/env bash
# Upload, inspect and delete a dataset: the API path of the Datasets page (/fine-tuning/datasets).
# Uses the project in EMISSARY_PROJECT_ID, or creates one. Writes its own sample file
# (meeting-times.jsonl), uploads it, waits until the upload has finished, lists the project's
# datasets, reads the new dataset's details and deletes it again.
# Set EMISSARY_KEEP_DATASET=1 to keep the dataset and use its ID in a training job.
# @include helpers

# Sample data: the file the page shows.
# @embed data/datasets/good/meeting-times.jsonl

# [start:project]
step "Use or create a project"
PROJECT_ID="${EMISSARY_PROJECT_ID:-}"
if [ -z "$PROJECT_ID" ]; then
  project="$(api POST /v1/projects --header 'Content-Type: application/json' \
    --data "$(jq -n --arg name "datasets-$(date +%Y%m%d-%H%M%S)" '{name: $name}')")"
  PROJECT_ID="$(jq -r .id <<<"$project")"
fi
echo "Project ID: $PROJECT_ID"
# [end:project]

# [start:upload]
step "Upload the dataset"
dataset="$(api POST "/v1/projects/$PROJECT_ID/datasets" \
  --form "file=@meeting-times.jsonl" \
  --form "name=meeting-times-train")"
DATASET_ID="$(jq -r .id <<<"$dataset")"
echo "Dataset ID: $DATASET_ID uploaded: $(jq -r .is_uploaded <<<"$dataset")"
# [end:upload]

# [start:wait-uploaded]
step "Wait until the upload has finished"
wait_for "/v1/projects/$PROJECT_ID/datasets/$DATASET_ID" '.is_uploaded == true' \
  "the upload of dataset $DATASET_ID" >/dev/null
# [end:wait-uploaded]

# [start:list]
step "List the project's datasets"
api GET "/v1/projects/$PROJECT_ID/datasets" \
  | jq -r '.[] | "\(.id) \(.name) \(if .is_uploaded then "uploaded" else "still uploading" end)"'
# [end:list]

# [start:retrieve]
step "Read the dataset's details"
api GET "/v1/projects/$PROJECT_ID/datasets/$DATASET_ID" \
  | jq -r '"Download link: \(.dataset_download_url)\nUploaded by: \(.upload_by)"'
# [end:retrieve]

# [start:delete]
if [ "${EMISSARY_KEEP_DATASET:-}" = "1" ]; then
  echo "Kept dataset $DATASET_ID"
else
  step "Delete the dataset"
  api DELETE "/v1/projects/$PROJECT_ID/datasets/$DATASET_ID" >/dev/null
  echo "Deleted dataset $DATASET_ID"
fi
# [end:delete]
