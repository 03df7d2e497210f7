#!/usr/bin/env python3
"""LLMs as classifiers, end to end (guide: /guides/emissary-classification).

Uploads sample product reviews tagged with four topics, fine-tunes Llama3.1-8B-Instruct with a
classification head, deploys the best checkpoint and reads a probability for every label.
Run it in an empty folder: it writes its own sample data. It starts one training job and one
deployment on your account.
"""
# @include helpers
# [start:setup]

# Job and deployment names should be unique; the run's start time keeps them apart.
RUN_ID = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
THRESHOLD = 0.5


# [end:setup]
def main():
    # [start:start]
    # @embed data/reviews_topics_train.jsonl
    # @embed data/reviews_topics_test.jsonl

    # [end:start]
    # [start:upload]
    step("Create a project")
    project_id = api("POST", "/v1/projects", json={"name": "review-tagger"})["id"]
    print("project:", project_id)

    datasets = {}
    for split in ["train", "test"]:
        path = f"reviews_topics_{split}.jsonl"
        step(f"Upload {path}")
        with open(path, "rb") as handle:
            dataset = api(
                "POST",
                f"/v1/projects/{project_id}/datasets",
                files={"file": (path, handle)},
                data={"name": f"reviews_{split}"},
                timeout=300,
            )
        wait_for(
            f"/v1/projects/{project_id}/datasets/{dataset['id']}",
            done=lambda d: d.get("is_uploaded") is True,
            what=f"the upload of {path}",
        )
        datasets[split] = dataset["id"]
        print(f"{split} dataset:", dataset["id"])
    # [end:upload]

    # [start:train]
    step("Check the testing function")
    metric = "sample_match_multilabel_metric"
    available = [f["name"] for f in api("GET", "/v1/testing-functions")]
    if metric not in available:
        print(f"    {metric} is not available; the account lists: {', '.join(available)}", file=sys.stderr)
        metric = None

    step("Start the training job")
    job = {
        "name": f"review-tagger-{RUN_ID}",
        "description": "four topic labels, multi-label",
        "base_model": "Llama3.1-8B-Instruct",
        "task_type": "classification",
        "train_dataset_id": datasets["train"],
        "test_dataset_id": datasets["test"],
        "parameters": {"num_train_epochs": 3, "learning_rate": 0.0001},
    }
    if metric:
        job["test_functions"] = [metric]
    job_id = api("POST", f"/v1/projects/{project_id}/training-jobs", json=job)["id"]
    print("training job:", job_id)
    # [end:train]

    # [start:evaluate]
    step("Wait for the training job")
    wait_for(
        f"/v1/projects/{project_id}/training-jobs/{job_id}",
        done=lambda j: j["status"] == "Success",
        failed=lambda j: j["status"] in {"Failed", "TimedOut", "Cancelled"},
        what=f"training job {job_id}",
    )
    step("Compare the checkpoints")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{job_id}/checkpoints")
    checkpoint = pick_checkpoint(checkpoints, metric)
    print("best checkpoint:", checkpoint)
    # [end:evaluate]

    # [start:deploy]
    step(f"Deploy checkpoint {checkpoint}")
    deployment = api(
        "POST",
        f"/v1/projects/{project_id}/deployments",
        json={"training_job_id": job_id, "checkpoint": checkpoint, "name": f"review-tagger-{RUN_ID}"},
    )
    detail = wait_for(
        f"/v1/projects/{project_id}/deployments/{deployment['id']}",
        done=lambda d: d["status"] == "Deployed",
        failed=lambda d: d["status"] in {"Failed", "Cancelled", "Terminated", "TimedOut"},
        what=f"deployment {deployment['id']}",
    )
    labels = (detail.get("metadata") or {}).get("labels") or []
    print(f"{detail['name']}: deployed as {detail['id']}, labels {labels}")
    # [end:deploy]

    # [start:classify]
    step("Classify a review")
    result = api(
        "POST",
        "/v1/classification",
        json={
            "model": detail["name"],
            "input": "Box was crushed on arrival and support never replied.",
            "data_format": "probs",
        },
    )
    probs = result["data"][0]["probs"]
    for label in labels or sorted(probs):
        value = probs.get(label, 0.0)
        print(f"{label:<10} {value:.2f} {'yes' if value >= THRESHOLD else 'no'}")
    # [end:classify]


run(main)
