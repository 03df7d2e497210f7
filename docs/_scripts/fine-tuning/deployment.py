#!/usr/bin/env python3
"""Deployment Guide: the whole API path of /fine-tuning/deployment.

Deploys a checkpoint of a training job with an idle timeout, calls it, deploys the base model on an
office-hours schedule, serves the same checkpoint from an inference engine, tries a serverless base
model, and removes what it created.

Set EMISSARY_PROJECT_ID and EMISSARY_TRAINING_JOB_ID to use your own successful text-generation job.
Without them, the script first creates a project and trains a small job on the home page's sample
data. Set EMISSARY_CLASSIFIER or EMISSARY_EMBEDDER to the name of a classification or embedding
deployment to try those calls too. Set EMISSARY_KEEP=1 to keep the deployments and the engine.
Run it in an empty folder: it writes its own sample data.
"""
# @include helpers
# [start:setup]
import os
import time


# [start:wake-up]
def wake_up(project_id, deployment_id):
    """Make sure a deployment is Deployed before you send it traffic."""
    path = f"/v1/projects/{project_id}/deployments/{deployment_id}"
    if api("GET", path)["status"] == "Deactivated":
        api("POST", f"{path}/reactivate")
    return wait_for(
        path,
        done=lambda d: d["status"] == "Deployed",
        failed=lambda d: d["status"] in DEPLOYMENT_STOPPED,
        what=f"deployment {deployment_id}",
    )
# [end:wake-up]


# [start:wake-engine]
def wake_engine(engine_id):
    """Make sure an inference engine is Active before you send its deployments traffic."""
    if api("GET", f"/v1/engines/{engine_id}")["status"] == "Inactive":
        api("POST", f"/v1/engines/{engine_id}/reactivate")
    return wait_for(
        f"/v1/engines/{engine_id}",
        done=lambda e: e["status"] == "Active",
        what=f"inference engine {engine_id}",
    )
# [end:wake-engine]


def train_sample_job(run_tag):
    """Create a project and start a small training job on the home page's sample data."""
    step("Create a project for the sample job")
    project_id = api("POST", "/v1/projects", json={"name": f"deployment-guide-{run_tag}"})["id"]
    step("Upload the sample dataset")
    with open("ticket_summaries_train.jsonl", "rb") as handle:
        dataset = api(
            "POST",
            f"/v1/projects/{project_id}/datasets",
            files={"file": ("ticket_summaries_train.jsonl", handle)},
            data={"name": "tickets-train"},
            timeout=300,
        )
    wait_for(
        f"/v1/projects/{project_id}/datasets/{dataset['id']}",
        done=lambda d: d.get("is_uploaded") is True,
        what=f"the upload of dataset {dataset['id']}",
    )
    step("Start the sample training job")
    job = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs",
        json={
            "name": f"tickets-sft-{run_tag}",
            "base_model": "Llama-3.2-1B-Instruct",
            "task_type": "text-generation",
            "train_dataset_id": dataset["id"],
        },
    )
    return project_id, job["id"]


# [end:setup]
def main():
    # [start:start]
    # Sample data for the training job the script starts when you name none.
    # @embed data/ticket_summaries_train.jsonl

    run_tag = time.strftime("%Y%m%d-%H%M%S")
    keep = os.environ.get("EMISSARY_KEEP") == "1"

    # [end:start]
    # [start:settings]
    # Your project and a training job in it, or nothing to let the script train one.
    project_id = os.environ.get("EMISSARY_PROJECT_ID", "")
    job_id = os.environ.get("EMISSARY_TRAINING_JOB_ID", "")
    if not (project_id and job_id):
        project_id, job_id = train_sample_job(run_tag)

    step("Wait for the training job")
    job = wait_for(
        f"/v1/projects/{project_id}/training-jobs/{job_id}",
        done=lambda j: j["status"] == "Success",
        failed=lambda j: j["status"] in JOB_STOPPED,
        what=f"training job {job_id}",
    )
    base_model = job["base_model"]
    print("Training job", job_id, "is done; base model:", base_model)
    # [end:settings]

    # [start:deploy-checkpoint]
    step("Deploy the last checkpoint")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{job_id}/checkpoints")
    if not checkpoints:
        raise GuideError(f"training job {job_id} has no checkpoints")
    checkpoint = max(item["checkpoint"] for item in checkpoints)
    deployment = api(
        "POST",
        f"/v1/projects/{project_id}/deployments",
        json={
            "training_job_id": job_id,
            "checkpoint": checkpoint,
            "name": f"tickets-{run_tag}",
            "description": f"checkpoint {checkpoint} of {job_id}",
            "inactive_timeout": 900,
        },
    )
    deployment_id = deployment["id"]
    model_name = deployment["name"]
    print("Deployment", deployment_id, "named", model_name, "is", deployment["status"])
    # [end:deploy-checkpoint]

    # [start:wait-for-deployment]
    step("Wait for the deployment")
    detail = wait_for(
        f"/v1/projects/{project_id}/deployments/{deployment_id}",
        done=lambda d: d["status"] == "Deployed",
        failed=lambda d: d["status"] in DEPLOYMENT_STOPPED,
        what=f"deployment {deployment_id}",
    )
    print("Serving", detail.get("training_id"), "checkpoint", detail.get("checkpoint"),
          "of", detail.get("base_model"), "for", detail.get("task_type"))
    # [end:wait-for-deployment]

    # [start:completions]
    step("Ask for a completion")
    wake_up(project_id, deployment_id)
    completion = api(
        "POST",
        "/v1/completions",
        json={
            "model": model_name,
            "prompt": "Summarise the ticket: The app crashes when I rotate my tablet during checkout.",
            "max_completion_tokens": 64,
            "temperature": 0.2,
            "top_p": 0.7,
            "top_k": 50,
        },
    )
    print(completion["choices"][0]["text"].strip())
    # [end:completions]

    # [start:chat]
    step("Ask for a chat reply")
    chat = api(
        "POST",
        "/v1/chat/completions",
        json={
            "model": model_name,
            "messages": [
                {"role": "system", "content": "Answer in one sentence."},
                {"role": "user", "content": "Summarise the ticket: I was billed twice for one order."},
            ],
            "max_tokens": 80,
            "temperature": 0.3,
        },
    )
    print(chat["choices"][0]["message"]["content"])
    # [end:chat]

    # [start:classification]
    classifier = os.environ.get("EMISSARY_CLASSIFIER")
    if classifier:
        step("Classify a text")
        result = api(
            "POST",
            "/v1/classification",
            json={"model": classifier, "input": "I was billed twice this month", "data_format": "probs"},
        )
        probs = result["data"][0]["probs"]
        print("Most likely label:", max(probs, key=probs.get), probs)
    # [end:classification]

    # [start:embeddings]
    embedder = os.environ.get("EMISSARY_EMBEDDER")
    if embedder:
        step("Embed two texts")
        result = api(
            "POST",
            "/v1/embeddings",
            json={"model": embedder, "input": ["How do I reset my password?", "Recover a forgotten login"]},
        )
        vectors = [item["embedding"] for item in result["data"]]
        print(len(vectors), "vectors of length", len(vectors[0]))
    # [end:embeddings]

    # [start:deploy-base-model]
    step("Deploy the base model for office hours")
    baseline = api(
        "POST",
        f"/v1/projects/{project_id}/deployments",
        json={
            "training_job_id": base_model,
            "checkpoint": 0,
            "name": f"baseline-{run_tag}",
            "description": f"{base_model} as it is, for comparison",
            "schedule": {
                "timezone": "Europe/Berlin",
                "start_time": "08:00",
                "end_time": "18:00",
                "days": ["monday", "tuesday", "wednesday", "thursday", "friday"],
            },
        },
    )
    print("Base-model deployment", baseline["id"], "named", baseline["name"], "is", baseline["status"])
    # [end:deploy-base-model]

    # [start:create-engine]
    step("Create an inference engine")
    engine = api(
        "POST",
        "/v1/engines",
        json={
            "name": f"shared-{run_tag}",
            "base_model": base_model,
            "task_type": job["task_type"],
            "resource_management_config": {
                "management_type": "inactive_timeout",
                "management_config": {"inactive_duration": 900},
            },
        },
    )
    engine_id = engine["id"]
    print("Engine", engine_id, "is", engine["status"])
    wait_for(f"/v1/engines/{engine_id}", done=lambda e: e["status"] == "Active", what=f"inference engine {engine_id}")
    # [end:create-engine]

    # [start:deploy-on-engine]
    step("Deploy the checkpoint on the engine")
    placed = api(
        "POST",
        f"/v1/engines/{engine_id}/deploy",
        json={
            "name": f"tickets-shared-{run_tag}",
            "project_id": project_id,
            "training_id": job_id,
            "checkpoint": checkpoint,
        },
    )
    placed_id, placed_name = placed["id"], placed["name"]

    def placed_status(engine_detail):
        return next((d["status"] for d in engine_detail["deployments"] if d["id"] == placed_id), None)

    wait_for(
        f"/v1/engines/{engine_id}",
        done=lambda e: placed_status(e) == "Deployed",
        failed=lambda e: placed_status(e) in DEPLOYMENT_STOPPED,
        what=f"deployment {placed_name} on engine {engine_id}",
    )
    print("Deployment", placed_name, "is up on engine", engine_id)
    # [end:deploy-on-engine]

    # [start:inspect-engines]
    step("List the engines for this base model")
    for item in api("GET", "/v1/engines", params={"base_model": base_model}):
        print(item["id"], item["name"], item["status"], item["deployment_counts"], "deployments")
    step("Call the deployment on the engine")
    wake_engine(engine_id)
    reply = api(
        "POST",
        "/v1/completions",
        json={"model": placed_name, "prompt": "Summarise the ticket: My parcel arrived empty.", "max_completion_tokens": 40},
    )
    print(reply["choices"][0]["text"].strip())
    # [end:inspect-engines]

    # [start:serverless]
    step("Find a serverless base model")
    serverless = [m["name"] for m in api("GET", "/v1/models") if m.get("support_serverless") and m.get("type") == "chat"]
    if serverless:
        reply = api(
            "POST",
            "/v1/chat/completions",
            json={
                "model": serverless[0],
                "messages": [{"role": "user", "content": "Name three uses for a paperclip."}],
                "max_tokens": 60,
            },
        )
        print(serverless[0], "says:", reply["choices"][0]["message"]["content"])
    else:
        print("No serverless chat model is offered to you right now.")
    # [end:serverless]

    if keep:
        print("Keeping the deployments and the engine (EMISSARY_KEEP=1).")
        return

    # [start:clean-up]
    step("Take the deployment off the engine, then delete the engine")
    api("POST", f"/v1/engines/{engine_id}/undeploy", json={"deployment_name": placed_name})
    if api("GET", f"/v1/engines/{engine_id}")["status"] == "Active":
        api("POST", f"/v1/engines/{engine_id}/deactivate")
    api("DELETE", f"/v1/engines/{engine_id}")
    step("Delete the two project deployments")
    for item_id in (deployment_id, baseline["id"]):
        api("DELETE", f"/v1/projects/{project_id}/deployments/{item_id}")
    print("Removed the engine", engine_id, "and the deployments", deployment_id, baseline["id"])
    # [end:clean-up]


run(main)
