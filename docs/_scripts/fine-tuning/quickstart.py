#!/usr/bin/env python3
"""Quickstart (/fine-tuning/quickstart): fine-tune, deploy and call a small model through the API.

Creates a project, uploads three sample rows (plain_errors_train.jsonl), fine-tunes
Llama-3.2-1B-Instruct on them, deploys the last checkpoint and asks it to complete one prompt
in the form of the training rows.
Run it in an empty folder: it writes its own sample data. It starts one training job and one
deployment on your account.
"""
# @include helpers
import time


def main():
    # @embed data/plain_errors_train.jsonl

    # [start:run-tag]
    # A time stamp in each name keeps this run apart from earlier ones.
    run_tag = time.strftime("%Y%m%d-%H%M%S")
    # [end:run-tag]

    # [start:create-project]
    step("Create a project")
    project = api("POST", "/v1/projects", json={"name": f"plain-errors-{run_tag}"})
    project_id = project["id"]
    print("Project ID:", project_id)
    # [end:create-project]

    # [start:upload-dataset]
    step("Upload the dataset")
    with open("plain_errors_train.jsonl", "rb") as handle:
        dataset = api(
            "POST",
            f"/v1/projects/{project_id}/datasets",
            files={"file": ("plain_errors_train.jsonl", handle)},
            data={"name": "plain-errors-train"},
            timeout=120,
        )
    dataset_id = dataset["id"]
    print("Dataset ID:", dataset_id)
    # Train only once the API reports the file as uploaded.
    wait_for(
        f"/v1/projects/{project_id}/datasets/{dataset_id}",
        done=lambda d: d.get("is_uploaded") is True,
        what=f"the upload of dataset {dataset_id}",
    )
    # [end:upload-dataset]

    # [start:start-training]
    step("Start training")
    job = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs",
        json={
            "name": f"plain-errors-{run_tag}",
            "base_model": "Llama-3.2-1B-Instruct",
            "train_dataset_id": dataset_id,
            "train_test_split_ratio": 10,
        },
    )
    job_id = job["id"]
    print("Training job ID:", job_id)
    # [end:start-training]

    # [start:wait-for-success]
    step("Wait for the training job to reach Success")
    wait_for(
        f"/v1/projects/{project_id}/training-jobs/{job_id}",
        done=lambda j: j["status"] == "Success",
        failed=lambda j: j["status"] in ("Failed", "TimedOut", "Cancelled"),
        what=f"training job {job_id}",
    )
    # [end:wait-for-success]

    # [start:list-checkpoints]
    step("List the checkpoints")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{job_id}/checkpoints")
    if not checkpoints:
        raise GuideError(f"training job {job_id} finished without checkpoints")
    for item in checkpoints:
        print("Checkpoint", item["checkpoint"], item.get("test_results") or "(no test results)")
    checkpoint = max(item["checkpoint"] for item in checkpoints)
    # [end:list-checkpoints]

    # [start:deploy]
    step(f"Deploy checkpoint {checkpoint}")
    deployment = api(
        "POST",
        f"/v1/projects/{project_id}/deployments",
        json={"training_job_id": job_id, "checkpoint": checkpoint, "name": f"plain-errors-{run_tag}"},
    )
    deployment_id = deployment["id"]
    # The deployment name is what the inference calls take as `model`.
    model_name = deployment["name"]
    print("Deployment ID:", deployment_id, "name:", model_name)
    # [end:deploy]

    # [start:wait-for-deployed]
    step("Wait for the deployment to reach Deployed")
    wait_for(
        f"/v1/projects/{project_id}/deployments/{deployment_id}",
        done=lambda d: d["status"] == "Deployed",
        failed=lambda d: d["status"] in ("Failed", "Cancelled", "Terminated", "TimedOut"),
        what=f"deployment {deployment_id}",
    )
    # [end:wait-for-deployed]

    # [start:call-model]
    step("Call the model")
    # The rows are prompt and completion, so send a prompt in the same form to Completions.
    answer = api(
        "POST",
        "/v1/completions",
        json={
            "model": model_name,
            "prompt": "Explain for a user: ETIMEDOUT while fetching https://example.com",
            "max_completion_tokens": 80,
        },
    )
    print(answer["choices"][0]["text"].strip())
    # [end:call-model]


run(main)
