# Embeddings guide, the whole API path in one script:
# check the pairs, create a project, upload them, train an embedding model, deploy a checkpoint,
# embed a question and three articles, and rank the articles by similarity.
# Run it in an empty folder: it writes the sample files it uploads.
# @include helpers
# [start:setup]
import os
import time

# @embed data/helpdesk_pairs_train.csv
# @embed data/helpdesk_pairs_test.csv


# [start:check-data]
import csv


def check_pairs(path):
    """Stop on the first row without two texts and a score from 0 to 1."""
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        if reader.fieldnames != ["text1", "text2", "score"]:
            raise SystemExit(f"{path}: the header must be text1,text2,score, not {reader.fieldnames}")
        rows = 0
        for rows, row in enumerate(reader, start=1):
            line = reader.line_num
            if not (row["text1"] or "").strip() or not (row["text2"] or "").strip():
                raise SystemExit(f"{path} line {line}: text1 and text2 must not be empty")
            try:
                score = float(row["score"])
            except (TypeError, ValueError):
                raise SystemExit(f"{path} line {line}: score {row['score']!r} is not a number")
            if not 0.0 <= score <= 1.0:
                raise SystemExit(f"{path} line {line}: score {score} is outside 0 to 1")
    print(f"{path}: {rows} pairs look fine")
# [end:check-data]


# [start:similarity]
import math


def cosine_similarity(a, b):
    """1.0 means same direction, 0.0 unrelated, -1.0 opposite."""
    if len(a) != len(b):
        raise ValueError("vectors must have the same length")
    dot = sum(x * y for x, y in zip(a, b))
    norm_a = math.sqrt(sum(x * x for x in a))
    norm_b = math.sqrt(sum(y * y for y in b))
    if norm_a == 0.0 or norm_b == 0.0:
        return 0.0
    return dot / (norm_a * norm_b)


def euclidean_distance(a, b):
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))


def manhattan_distance(a, b):
    return sum(abs(x - y) for x, y in zip(a, b))
# [end:similarity]


# [end:setup]
def main():
    # [start:run-tag]
    # A time stamp in every name keeps this run apart from earlier ones.
    run_tag = time.strftime("%Y%m%d-%H%M%S")
    # [end:run-tag]

    step("Check the pair files")
    check_pairs("helpdesk_pairs_train.csv")
    check_pairs("helpdesk_pairs_test.csv")

    # [start:upload]
    step("Create a project")
    project_id = api("POST", "/v1/projects", json={"name": f"helpdesk-search-{run_tag}"})["id"]
    print("project:", project_id)

    dataset_ids = {}
    for name in ["helpdesk_pairs_train", "helpdesk_pairs_test"]:
        path = f"{name}.csv"
        step(f"Upload {path}")
        with open(path, "rb") as handle:
            dataset = api(
                "POST",
                f"/v1/projects/{project_id}/datasets",
                files={"file": (path, handle, "text/csv")},
                data={"name": name},
                timeout=300,
            )
        dataset_ids[name] = dataset["id"]
        print(f"dataset {name}: {dataset['id']}")
        # Train only once the API reports the file as uploaded.
        wait_for(
            f"/v1/projects/{project_id}/datasets/{dataset['id']}",
            done=lambda d: d.get("is_uploaded") is True,
            what=f"the upload of {path}",
        )
    # [end:upload]

    # [start:train]
    step("Create the embedding training job")
    job = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs",
        json={
            "name": f"helpdesk-embedder-{run_tag}",
            "base_model": "All-Mpnet-Base-V2-Embedding-Model",
            "task_type": "embedding",
            "train_dataset_id": dataset_ids["helpdesk_pairs_train"],
            "test_dataset_id": dataset_ids["helpdesk_pairs_test"],
            "parameters": {"num_train_epochs": 3, "per_device_train_batch_size": 16},
        },
    )
    job_id = job["id"]
    print("training job:", job_id, job["status"])

    step("Wait for the training job to finish")
    wait_for(
        f"/v1/projects/{project_id}/training-jobs/{job_id}",
        done=lambda body: body["status"] == "Success",
        failed=lambda body: body["status"] in {"Failed", "TimedOut", "Cancelled"},
        what="training job",
    )
    # [end:train]

    # [start:checkpoints]
    step("List the checkpoints")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{job_id}/checkpoints")
    if not checkpoints:
        raise GuideError("the job finished without checkpoints")
    for item in checkpoints:
        results = (item.get("test_results") or {}).get("aggregated_test_result") or {}
        print(f"checkpoint {item['checkpoint']}: {results or 'no scores'}")
    chosen = checkpoints[-1]["checkpoint"]
    print(f"deploying the last checkpoint, {chosen}; compare the scores above and change it if you like")
    # [end:checkpoints]

    # [start:deploy]
    step("Deploy the checkpoint")
    deployment = api(
        "POST",
        f"/v1/projects/{project_id}/deployments",
        json={
            "training_job_id": job_id,
            "checkpoint": chosen,
            "name": f"helpdesk-embedder-{run_tag}",
            "inactive_timeout": 7200,
        },
    )
    deployment_id = deployment["id"]
    model = deployment["name"]

    step("Wait for the deployment")
    wait_for(
        f"/v1/projects/{project_id}/deployments/{deployment_id}",
        done=lambda body: body["status"] == "Deployed",
        failed=lambda body: body["status"] in {"Failed", "Cancelled", "Terminated", "TimedOut"},
        what="deployment",
    )
    print("deployment:", deployment_id, "called as", model)
    # [end:deploy]

    # [start:embed]
    step("Embed a question and three articles")
    question = "Do you take wire transfers?"
    articles = [
        "Accepted payment methods, including SEPA and wire transfers",
        "Downloading past invoices as PDF files",
        "Tracking a shipment after it leaves the warehouse",
    ]
    reply = api("POST", "/v1/embeddings", json={"model": model, "input": [question] + articles})
    vectors = [item["embedding"] for item in reply["data"]]
    if len(vectors) != 1 + len(articles):
        print(f"warning: sent {1 + len(articles)} texts but got {len(vectors)} vectors back")
    print(len(vectors), "vectors of length", len(vectors[0]))
    # [end:embed]

    # [start:rank]
    step("Rank the articles by similarity to the question")
    question_vector, *article_vectors = vectors
    ranked = sorted(
        zip(articles, article_vectors),
        key=lambda pair: cosine_similarity(question_vector, pair[1]),
        reverse=True,
    )
    print("cosine  euclid  manhattan  article")
    for title, vector in ranked:
        print(
            f"{cosine_similarity(question_vector, vector):6.3f}",
            f"{euclidean_distance(question_vector, vector):7.3f}",
            f"{manhattan_distance(question_vector, vector):10.3f}",
            f" {title}",
        )
    # [end:rank]


    # [start:clean-up]
    if os.environ.get("EMISSARY_CLEAN_UP") == "1":
        step("Delete the deployment")
        api("DELETE", f"/v1/projects/{project_id}/deployments/{deployment_id}")
        print("deleted deployment", deployment_id)
    # [end:clean-up]


run(main)
