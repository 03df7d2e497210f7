#!/usr/bin/env python3
"""Text classification, end to end (guide: /guides/classification).

Uploads sample support tickets, fine-tunes Bert-Classification-Model on CSV and Llama3-8B-Chat
on JSONL, deploys the best checkpoint of each and labels one new ticket with both.
Run it in an empty folder: it writes its own sample data. It starts two training jobs and two
deployments on your account.
"""
# @include helpers
# [start:setup]

LABELS = ["billing", "technical", "account", "other"]
# Job and deployment names should be unique; the run's start time keeps them apart.
RUN_ID = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
INSTRUCTION = "Classify the support ticket as billing, technical, account or other.\nTicket: {ticket}\nLabel:"


# [start:testing-function]
def testing_function(wanted):
    """Return `wanted` if your account lists it, else None (the job then runs without it)."""
    available = [f["name"] for f in api("GET", "/v1/testing-functions")]
    if wanted in available:
        return wanted
    print(f"    {wanted} is not available; the account lists: {', '.join(available)}", file=sys.stderr)
    return None
# [end:testing-function]


# [start:wait-for-job]
def wait_for_job(project_id, job_id):
    """Poll the training job until it succeeds; stop on Failed, TimedOut or Cancelled."""
    step(f"Wait for training job {job_id}")
    wait_for(
        f"/v1/projects/{project_id}/training-jobs/{job_id}",
        done=lambda job: job["status"] == "Success",
        failed=lambda job: job["status"] in {"Failed", "TimedOut", "Cancelled"},
        what=f"training job {job_id}",
    )
# [end:wait-for-job]


# [start:deploy-checkpoint]
def deploy_checkpoint(project_id, job_id, checkpoint, name):
    """Deploy one checkpoint, wait until it is Deployed and return the name to call it by."""
    step(f"Deploy checkpoint {checkpoint} of {job_id} as {name}")
    deployment = api(
        "POST",
        f"/v1/projects/{project_id}/deployments",
        json={"training_job_id": job_id, "checkpoint": checkpoint, "name": name},
    )
    wait_for(
        f"/v1/projects/{project_id}/deployments/{deployment['id']}",
        done=lambda d: d["status"] == "Deployed",
        failed=lambda d: d["status"] in {"Failed", "Cancelled", "Terminated", "TimedOut"},
        what=f"deployment {deployment['id']}",
    )
    print(f"{deployment['name']}: deployed as {deployment['id']}")
    return deployment["name"]
# [end:deploy-checkpoint]


# [end:setup]
def main():
    # [start:start]
    # @embed data/tickets_train.csv
    # @embed data/tickets_test.csv
    # @embed data/tickets_train.jsonl
    # @embed data/tickets_test.jsonl

    # [end:start]
    # [start:upload]
    step("Create a project")
    project_id = api("POST", "/v1/projects", json={"name": "ticket-router"})["id"]
    print("project:", project_id)

    datasets = {}
    for name, path in [
        ("tickets_train_csv", "tickets_train.csv"),
        ("tickets_test_csv", "tickets_test.csv"),
        ("tickets_train_jsonl", "tickets_train.jsonl"),
        ("tickets_test_jsonl", "tickets_test.jsonl"),
    ]:
        step(f"Upload {path}")
        with open(path, "rb") as handle:
            dataset = api(
                "POST",
                f"/v1/projects/{project_id}/datasets",
                files={"file": (path, handle)},
                data={"name": name},
                timeout=300,
            )
        wait_for(
            f"/v1/projects/{project_id}/datasets/{dataset['id']}",
            done=lambda d: d.get("is_uploaded") is True,
            what=f"the upload of {path}",
        )
        datasets[name] = dataset["id"]
        print(f"{name}:", dataset["id"])
    # [end:upload]

    # [start:train-bert]
    step("Start the BERT training job")
    bert_job_id = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs",
        json={
            "name": f"ticket-router-bert-{RUN_ID}",
            "base_model": "Bert-Classification-Model",
            "task_type": "classification",
            "train_dataset_id": datasets["tickets_train_csv"],
            "test_dataset_id": datasets["tickets_test_csv"],
            "parameters": {"num_train_epochs": 4},
        },
    )["id"]
    print("BERT job:", bert_job_id)
    # [end:train-bert]

    # [start:train-llm]
    step("Start the Llama training job")
    metric = testing_function("sample_classification_metric")
    llm_job = {
        "name": f"ticket-router-llama-{RUN_ID}",
        "base_model": "Llama3-8B-Chat",
        "task_type": "text-generation",
        "train_dataset_id": datasets["tickets_train_jsonl"],
        "test_dataset_id": datasets["tickets_test_jsonl"],
    }
    if metric:
        llm_job["test_functions"] = [metric]
    llm_job_id = api("POST", f"/v1/projects/{project_id}/training-jobs", json=llm_job)["id"]
    print("Llama job:", llm_job_id)
    # [end:train-llm]

    # [start:evaluate]
    wait_for_job(project_id, bert_job_id)
    step("Compare the BERT checkpoints")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{bert_job_id}/checkpoints")
    bert_checkpoint = pick_checkpoint(checkpoints, "accuracy")

    wait_for_job(project_id, llm_job_id)
    step("Compare the Llama checkpoints")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{llm_job_id}/checkpoints")
    llm_checkpoint = pick_checkpoint(checkpoints, metric)
    print("best checkpoints: BERT", bert_checkpoint, "Llama", llm_checkpoint)
    # [end:evaluate]

    # [start:deploy]
    bert_model = deploy_checkpoint(project_id, bert_job_id, bert_checkpoint, f"ticket-router-{RUN_ID}")
    llm_model = deploy_checkpoint(project_id, llm_job_id, llm_checkpoint, f"ticket-router-llm-{RUN_ID}")
    # [end:deploy]

    # [start:classify-bert]
    step("Classify a ticket with the BERT deployment")
    result = api(
        "POST",
        "/v1/classification",
        json={
            "model": bert_model,
            "input": "My card was declined but the money left my account",
            "data_format": "probs",
        },
    )
    scores = result["data"][0]["probs"]
    label = max(scores, key=scores.get)
    print(f"BERT: {label} ({scores[label]:.2f})")
    # [end:classify-bert]

    # [start:classify-llm]
    step("Classify a ticket with the Llama deployment")
    completion = api(
        "POST",
        "/v1/completions",
        json={
            "model": llm_model,
            "prompt": INSTRUCTION.format(ticket="Two-factor codes never arrive on my phone"),
            "temperature": 0,
            "max_completion_tokens": 5,
        },
    )
    answer = completion["choices"][0]["text"].strip().lower()
    label = answer if answer in LABELS else "other"
    print(f"Llama: {label} (the model wrote {answer!r})")
    # [end:classify-llm]


run(main)
