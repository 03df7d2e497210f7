#!/usr/bin/env python3
"""Upload, inspect and delete a dataset: the API path of the Datasets page (/fine-tuning/datasets).

Uses the project in EMISSARY_PROJECT_ID, or creates one. Writes its own sample file (meeting-times.jsonl,
the text-generation sample of the page), uploads it, waits until the upload has finished, lists the
project's datasets, reads the new dataset's details and deletes it again.
Set EMISSARY_KEEP_DATASET=1 to keep the dataset and use its ID in a training job.
"""
# @include helpers
import os
import time


def main():
    # Sample data: the file the page shows.
    # @embed data/datasets/good/meeting-times.jsonl

    # [start:project]
    step("Use or create a project")
    project_id = os.environ.get("EMISSARY_PROJECT_ID")
    if not project_id:
        project = api("POST", "/v1/projects", json={"name": "datasets-" + time.strftime("%Y%m%d-%H%M%S")})
        project_id = project["id"]
    print("Project ID:", project_id)
    # [end:project]

    # [start:upload]
    step("Upload the dataset")
    with open("meeting-times.jsonl", "rb") as handle:
        dataset = api(
            "POST",
            f"/v1/projects/{project_id}/datasets",
            files={"file": ("meeting-times.jsonl", handle, "application/octet-stream")},
            data={"name": "meeting-times-train"},
            timeout=300,
        )
    dataset_id = dataset["id"]
    print("Dataset ID:", dataset_id, "uploaded:", dataset.get("is_uploaded"))
    # [end:upload]

    # [start:wait-uploaded]
    step("Wait until the upload has finished")
    wait_for(
        f"/v1/projects/{project_id}/datasets/{dataset_id}",
        done=lambda d: d.get("is_uploaded") is True,
        what=f"the upload of dataset {dataset_id}",
    )
    # [end:wait-uploaded]

    # [start:list]
    step("List the project's datasets")
    for item in api("GET", f"/v1/projects/{project_id}/datasets"):
        state = "uploaded" if item.get("is_uploaded") else "still uploading"
        print(item["id"], item.get("name"), state)
    # [end:list]

    # [start:retrieve]
    step("Read the dataset's details")
    detail = api("GET", f"/v1/projects/{project_id}/datasets/{dataset_id}")
    print("Download link:", detail.get("dataset_download_url"))
    print("Uploaded by:", detail.get("upload_by"))
    # [end:retrieve]

    # [start:delete]
    if os.environ.get("EMISSARY_KEEP_DATASET") == "1":
        print("Kept dataset", dataset_id)
    else:
        step("Delete the dataset")
        api("DELETE", f"/v1/projects/{project_id}/datasets/{dataset_id}")
        print("Deleted dataset", dataset_id)
    # [end:delete]


run(main)
