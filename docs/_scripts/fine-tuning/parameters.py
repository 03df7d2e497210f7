#!/usr/bin/env python3
"""Choose a base model and set hyperparameters: the API path of Fine-Tuning Parameters (/fine-tuning/parameters).

Lists the base models and reads one model's parameter template, uploads a small training file
(meeting-times.jsonl, written by the script), starts an SFT job with chosen hyperparameters, waits
for it, continues training from its last checkpoint with a lower learning rate, and starts a GRPO job
rewarded by listed testing functions.
Uses the project in EMISSARY_PROJECT_ID, or creates one. Optional settings:
  EMISSARY_BASE_MODEL     the base model (default Llama-3.2-3B-Instruct)
  EMISSARY_HF_MODEL_LINK  a Hugging Face model URL: also starts a job on that model (HF_MODEL)
It starts three training jobs on your account (four with EMISSARY_HF_MODEL_LINK).
"""
# @include helpers
import os
import time


def main():
    # [start:start]
    # Sample data: a small text-generation file from the Datasets page.
    # @embed data/datasets/good/meeting-times.jsonl
    run_tag = time.strftime("%Y%m%d-%H%M%S")
    base_model = os.environ.get("EMISSARY_BASE_MODEL", "Llama-3.2-3B-Instruct")

    # [end:start]
    # [start:list-models]
    step("List the base models")
    models = api("GET", "/v1/models")
    for model in models:
        serverless = "serverless" if model.get("support_serverless") else ""
        print(model["name"], model.get("type"), serverless)
    names = [model["name"] for model in models]
    if base_model not in names:
        raise GuideError(f"{base_model} is not in the model list; set EMISSARY_BASE_MODEL to one of {names}")

    step(f"Read the parameter template of {base_model}")
    model = api("GET", f"/v1/models/{base_model}")
    print("Tunable hyperparameters:", model.get("parameter_template"))
    # [end:list-models]

    # [start:project]
    step("Use or create a project and upload the training file")
    project_id = os.environ.get("EMISSARY_PROJECT_ID")
    if not project_id:
        project_id = api("POST", "/v1/projects", json={"name": f"parameters-{run_tag}"})["id"]
    with open("meeting-times.jsonl", "rb") as handle:
        dataset = api(
            "POST",
            f"/v1/projects/{project_id}/datasets",
            files={"file": ("meeting-times.jsonl", handle, "application/octet-stream")},
            data={"name": "meeting-times-train"},
            timeout=300,
        )
    dataset_id = dataset["id"]
    wait_for(
        f"/v1/projects/{project_id}/datasets/{dataset_id}",
        done=lambda d: d.get("is_uploaded") is True,
        what=f"the upload of dataset {dataset_id}",
    )
    print("Project ID:", project_id, "dataset ID:", dataset_id)
    # [end:project]

    # [start:create-sft]
    step("Start an SFT job with chosen hyperparameters")
    job = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs",
        json={
            "name": f"meetings-sft-{run_tag}",
            "base_model": base_model,
            "task_type": "text-generation",
            "train_dataset_id": dataset_id,
            "train_test_split_ratio": 15,
            "parameters": {
                "downsample_size": 100,
                "learning_rate": 0.0001,
                "num_train_epochs": 4,
                "per_device_train_batch_size": 2,
                "per_device_eval_batch_size": 1,
                "dynamic_loss": False,
            },
        },
    )
    job_id, job_name = job["id"], job["name"]
    print("Training job ID:", job_id, "name:", job_name)
    # [end:create-sft]

    # [start:wait-and-inspect]
    step("Wait for the job and read what it used")
    job = wait_for(
        f"/v1/projects/{project_id}/training-jobs/{job_id}",
        done=lambda j: j["status"] == "Success",
        failed=lambda j: j["status"] in JOB_STOPPED,
        what=f"training job {job_id}",
    )
    print("Hyperparameters used:", job.get("hyper_parameters"))
    losses = [point.get("loss") for point in job.get("training_loss") or []]
    print("Loss history:", losses)
    # [end:wait-and-inspect]

    # [start:continue]
    step("Continue from the last checkpoint with a lower learning rate")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{job_id}/checkpoints")
    if not checkpoints:
        raise GuideError(f"Training job {job_id} has no checkpoints to continue from")
    last = max(checkpoint["checkpoint"] for checkpoint in checkpoints)
    follow_up = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs",
        json={
            "name": f"meetings-sft-continued-{run_tag}",
            "base_model_option": "fine-tuned",
            "base_model": job_name,
            "checkpoint": last,
            "train_dataset_id": dataset_id,
            "parameters": {"learning_rate": 0.00005, "num_train_epochs": 2},
        },
    )
    print("Continued job ID:", follow_up["id"], "from checkpoint", last, "of", job_name)
    # [end:continue]

    # [start:grpo]
    step("Start a GRPO job rewarded by listed testing functions")
    functions = [function["name"] for function in api("GET", "/v1/testing-functions")][:2]
    if not functions:
        raise GuideError("GET /v1/testing-functions listed no function to reward with")
    weight = round(1 / len(functions), 2)
    grpo = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs/grpo",
        json={
            "name": f"meetings-grpo-{run_tag}",
            "base_model": base_model,
            "train_dataset_id": dataset_id,
            "test_functions": functions,
            "reward": {name: weight for name in functions},
            "parameters": {
                "learning_rate": 0.00005,
                "num_train_epochs": 2,
                "num_generations": 4,
                "per_device_train_batch_size": 2,
            },
        },
    )
    print("GRPO job ID:", grpo["id"], "rewards:", grpo.get("reward"))
    # [end:grpo]

    # [start:hugging-face]
    hf_link = os.environ.get("EMISSARY_HF_MODEL_LINK")
    if hf_link:
        step("Start an SFT job on a Hugging Face model")
        hf_job = api(
            "POST",
            f"/v1/projects/{project_id}/training-jobs",
            json={
                "name": f"meetings-hf-{run_tag}",
                "base_model": "HF_MODEL",
                "hf_model_link": hf_link,
                "train_dataset_id": dataset_id,
            },
        )
        print("Hugging Face job ID:", hf_job["id"])
    # [end:hugging-face]


run(main)
