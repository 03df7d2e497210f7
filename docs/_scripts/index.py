#!/usr/bin/env python3
"""Start your first fine-tuning project: the whole API path of the home page (/).

Creates a project, uploads five sample ticket summaries, fine-tunes Llama-3.2-1B-Instruct on them,
deploys the last checkpoint and asks it to summarise a new ticket.
Run it in an empty folder: it writes its own sample data. It starts one training job and one
deployment on your account. Set EMISSARY_CLEAN_UP=1 to delete the deployment at the end.
"""
# @include helpers
import os
import time


def main():
    # Sample data: the file the page shows.
    # @embed data/ticket_summaries_train.jsonl

    # [start:run-tag]
    # A time stamp in every name keeps this run apart from earlier ones.
    run_tag = time.strftime("%Y%m%d-%H%M%S")
    # [end:run-tag]

    # [start:create-project]
    step("Create a project")
    project = api("POST", "/v1/projects", json={"name": f"ticket-summaries-{run_tag}"})
    project_id = project["id"]
    print("Project ID:", project_id)
    # [end:create-project]

    # [start:upload-dataset]
    step("Upload the training dataset")
    with open("ticket_summaries_train.jsonl", "rb") as handle:
        dataset = api(
            "POST",
            f"/v1/projects/{project_id}/datasets",
            files={"file": ("ticket_summaries_train.jsonl", handle)},
            data={"name": "tickets-train"},
            timeout=300,
        )
    dataset_id = dataset["id"]
    print("Dataset ID:", dataset_id)
    wait_for(
        f"/v1/projects/{project_id}/datasets/{dataset_id}",
        done=lambda d: d.get("is_uploaded") is True,
        what=f"the upload of dataset {dataset_id}",
    )
    # [end:upload-dataset]

    # [start:create-training-job]
    step("Start a training job")
    job = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs",
        json={
            "name": f"tickets-sft-{run_tag}",
            "description": "first run on the ticket summaries",
            "base_model": "Llama-3.2-1B-Instruct",
            "task_type": "text-generation",
            "train_dataset_id": dataset_id,
            "train_test_split_ratio": 10,
            "parameters": {"num_train_epochs": 3, "learning_rate": 0.0002},
        },
    )
    job_id = job["id"]
    print("Training job ID:", job_id, "status:", job["status"])
    # [end:create-training-job]

    # [start:wait-for-training]
    step("Wait for training to finish")
    job = wait_for(
        f"/v1/projects/{project_id}/training-jobs/{job_id}",
        done=lambda j: j["status"] == "Success",
        failed=lambda j: j["status"] in JOB_STOPPED,
        what=f"training job {job_id}",
    )
    print("Training finished. Hyperparameters used:", job.get("hyper_parameters"))
    # [end:wait-for-training]

    # [start:list-checkpoints]
    step("List the checkpoints")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{job_id}/checkpoints")
    if not checkpoints:
        raise GuideError(f"training job {job_id} finished without checkpoints")
    for item in checkpoints:
        scores = (item.get("test_results") or {}).get("aggregated_test_result") or {}
        print("Checkpoint", item["checkpoint"], scores or "(no scores)")
    chosen = max(item["checkpoint"] for item in checkpoints)
    print("Deploying checkpoint", chosen)
    # [end:list-checkpoints]

    # [start:create-deployment]
    step("Deploy the checkpoint")
    deployment = api(
        "POST",
        f"/v1/projects/{project_id}/deployments",
        json={
            "training_job_id": job_id,
            "checkpoint": chosen,
            "name": f"tickets-summary-{run_tag}",
            "description": f"checkpoint {chosen} of {job_id}",
            "inactive_timeout": 3600,
        },
    )
    deployment_id = deployment["id"]
    model_name = deployment["name"]
    print("Deployment ID:", deployment_id, "name:", model_name)
    # [end:create-deployment]

    # [start:wait-for-deployment]
    step("Wait for the deployment")
    wait_for(
        f"/v1/projects/{project_id}/deployments/{deployment_id}",
        done=lambda d: d["status"] == "Deployed",
        failed=lambda d: d["status"] in DEPLOYMENT_STOPPED,
        what=f"deployment {deployment_id}",
    )
    print("Ready. Send requests with model =", model_name)
    # [end:wait-for-deployment]

    # [start:call-model]
    step("Ask your model for a summary")
    completion = api(
        "POST",
        "/v1/completions",
        json={
            "model": model_name,
            "prompt": "Summarise the ticket: My discount code SPRING20 says it has expired, "
            "but the email said it is valid until the end of the month.",
            "max_completion_tokens": 60,
            "temperature": 0.2,
        },
    )
    print(completion["choices"][0]["text"].strip())
    # [end:call-model]

    # [start:clean-up]
    if os.environ.get("EMISSARY_CLEAN_UP") == "1":
        step("Delete the deployment")
        api("DELETE", f"/v1/projects/{project_id}/deployments/{deployment_id}")
        print("Deleted deployment", deployment_id)
    # [end:clean-up]


run(main)
