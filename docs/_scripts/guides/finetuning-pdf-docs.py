# PDF documents guide: from extracted text to a deployed model, in one script.
# It cleans the text of every document in manuals_text.jsonl (the output of the extraction step
# on the page), cuts it into prompt/completion rows, splits off a test set, then creates a project,
# uploads both files, trains, deploys the chosen checkpoint and asks it to continue an instruction.
# Everything here uses the standard library and requests; the PDF extraction itself needs
# PyMuPDF or OCR tools and is shown on the page instead.
# Run it in an empty folder: it writes the sample text it starts from.
# @include helpers
# [start:setup]
import json
import os
import random
import re
import time
import unicodedata

# @embed data/manuals_text.jsonl

METRIC = os.environ.get("EMISSARY_METRIC", "sample_metric1")  # the testing function to score with


# [start:load]
def load_documents(path="manuals_text.jsonl"):
    """Yield (source, text) for every document the extraction step wrote."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            row = json.loads(line)
            if not isinstance(row.get("text"), str):
                raise SystemExit(f"{path} line {number}: no text")
            yield row.get("source", f"line {number}"), row["text"]
# [end:load]


# [start:clean]
def clean_text(text):
    """Tidy extracted PDF text; paragraphs stay apart, separated by a blank line."""
    text = re.sub(r"(\w)-\n(\w)", r"\1\2", text)           # re-join words hyphenated at line ends
    text = unicodedata.normalize("NFKD", text)              # split accents and ligatures
    text = text.encode("ascii", "ignore").decode("ascii")   # drop what remains non-ASCII
    text = re.sub(r"\bPage \d+ of \d+\b", " ", text)       # drop running page footers
    paragraphs = re.split(r"\n\s*\n", text)                 # a blank line ends a paragraph
    paragraphs = [re.sub(r"\s+", " ", p).strip() for p in paragraphs]
    return "\n\n".join(p for p in paragraphs if p)
# [end:clean]


# [start:sentences]
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")


def split_sentences(text):
    """Split clean text into sentences; drop fragments such as headings and captions."""
    sentences = []
    for paragraph in text.split("\n\n"):
        for sentence in SENTENCE_END.split(paragraph):
            sentence = sentence.strip()
            if sentence.endswith((".", "!", "?")):
                sentences.append(sentence)
    return sentences
# [end:sentences]


# [start:sentence-pairs]
def write_sentence_pairs(documents, out_path="train.jsonl", min_chars=15):
    """Write one row per pair of neighbouring sentences, for all documents into one file."""
    rows = 0
    with open(out_path, "w", encoding="utf-8") as out:       # opened once for every document
        for source, text in documents:
            sentences = split_sentences(clean_text(text))     # pairs never cross two documents
            for current, following in zip(sentences, sentences[1:]):
                if len(current) < min_chars or len(following) < min_chars:
                    continue
                out.write(json.dumps({"prompt": current, "completion": following}) + "\n")
                rows += 1
            print(f"{source}: {len(sentences)} sentences")
    print(f"{out_path}: {rows} rows")
    return rows
# [end:sentence-pairs]


# [start:paragraph-chunks]
def pack_sentences(sentences, count_tokens, max_tokens):
    """Yield runs of neighbouring sentences whose total length fits in max_tokens."""
    chunk, used = [], 0
    for sentence in sentences:
        length = count_tokens(sentence) + 1                 # +1 for the joining space
        if chunk and used + length > max_tokens:
            yield chunk
            chunk, used = [], 0
        chunk.append(sentence)                              # a single over-long sentence stays whole
        used += length
    if chunk:
        yield chunk


def write_paragraph_chunks(documents, count_tokens, out_path="train.jsonl", max_tokens=2048):
    """Write one row per chunk: the first sentence as prompt, the rest as completion."""
    rows = 0
    with open(out_path, "w", encoding="utf-8") as out:       # opened once for every document
        for source, text in documents:
            sentences = split_sentences(clean_text(text))     # chunks never cross two documents
            for chunk in pack_sentences(sentences, count_tokens, max_tokens):
                if len(chunk) < 2:
                    continue                                 # nothing to complete
                out.write(json.dumps({"prompt": chunk[0], "completion": " ".join(chunk[1:])}) + "\n")
                rows += 1
    print(f"{out_path}: {rows} rows")
    return rows
# [end:paragraph-chunks]


# [start:split]
MAX_API_UPLOAD = 5 * 1024 * 1024  # bytes


def split_documents(documents, test_share=0.1, seed=7):
    """Set whole documents aside for testing: (training documents, test documents).

    Neighbouring rows share a sentence (one row's completion is the next row's prompt), so a split
    by row would put most test sentences into the training file too.
    """
    documents = list(documents)
    if len(documents) < 2:
        raise SystemExit(f"{len(documents)} document(s): you need two or more to hold one out")
    random.Random(seed).shuffle(documents)
    cut = max(1, int(len(documents) * test_share))
    return documents[cut:], documents[:cut]


def check_rows(path):
    """Check that every row has a prompt and a completion, and whether the API takes the file."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            row = json.loads(line)
            if not row.get("prompt") or not row.get("completion"):
                raise SystemExit(f"{path} line {number}: missing prompt or completion")
    size = os.path.getsize(path)
    note = "upload it in the dashboard" if size > MAX_API_UPLOAD else "fine for the API"
    print(f"{path}: {size} bytes ({note})")
# [end:split]


# [start:pick-checkpoint]
def score_of(checkpoint, metric):
    """The checkpoint's score for `metric` as a number, or None (the key scheme is not documented)."""
    results = (checkpoint.get("test_results") or {}).get("aggregated_test_result") or {}
    value = results.get(metric)
    if value is None and len(results) == 1:
        value = next(iter(results.values()))
    try:
        return float(value)
    except (TypeError, ValueError):
        return None
# [end:pick-checkpoint]


# [end:setup]
def main():
    # [start:run-tag]
    # A time stamp in every name keeps this run apart from earlier ones.
    run_tag = time.strftime("%Y%m%d-%H%M%S")
    # [end:run-tag]

    # [start:prepare]
    step("Turn the extracted text into rows")
    train_documents, test_documents = split_documents(load_documents("manuals_text.jsonl"))
    write_sentence_pairs(train_documents, out_path="manuals_train.jsonl")
    write_sentence_pairs(test_documents, out_path="manuals_test.jsonl")
    for name in ("manuals_train.jsonl", "manuals_test.jsonl"):
        check_rows(name)
    # [end:prepare]

    step("Try the paragraph chunks too (not uploaded)")
    # A rough stand-in for the tokenizer: one token per word, so the budget has headroom.
    write_paragraph_chunks(load_documents("manuals_text.jsonl"), lambda text: len(text.split()),
                           out_path="chunks.jsonl", max_tokens=1500)

    # [start:upload]
    step("Create a project")
    project_id = api("POST", "/v1/projects", json={"name": f"service-manuals-{run_tag}"})["id"]
    print("project:", project_id)

    dataset_ids = {}
    for name in ["manuals_train", "manuals_test"]:
        path = f"{name}.jsonl"
        step(f"Upload {path}")
        with open(path, "rb") as handle:
            dataset = api(
                "POST",
                f"/v1/projects/{project_id}/datasets",
                files={"file": (path, handle, "application/jsonl")},
                data={"name": f"{name}_jsonl"},
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
    step("List the testing functions")
    offered = [function["name"] for function in api("GET", "/v1/testing-functions")]
    print("testing functions offered:", offered)
    test_functions = [METRIC] if METRIC in offered else []
    if not test_functions:
        print(f"{METRIC} is not offered to you, so the checkpoints get no fuzzy-match score. "
              "To score them, set EMISSARY_METRIC to a name from the list above.")

    step("Create the training job")
    job = api(
        "POST",
        f"/v1/projects/{project_id}/training-jobs",
        json={
            "name": f"service-manuals-{run_tag}",
            "description": "sentence pairs from the pump and valve manuals",
            "base_model": "Llama-3.2-3B-Completion",
            "task_type": "text-generation",
            "train_dataset_id": dataset_ids["manuals_train"],
            "test_dataset_id": dataset_ids["manuals_test"],
            "test_functions": test_functions,
            "parameters": {"num_train_epochs": 3, "learning_rate": 0.0002},
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
    step("Compare the checkpoints")
    checkpoints = api("GET", f"/v1/projects/{project_id}/training-jobs/{job_id}/checkpoints")
    if not checkpoints:
        raise GuideError("the job finished without checkpoints")
    for item in checkpoints:
        results = (item.get("test_results") or {}).get("aggregated_test_result") or {}
        print(f"checkpoint {item['checkpoint']}: {results or 'no scores'}")
    scored = [(score_of(item, METRIC), item["checkpoint"]) for item in checkpoints]
    scored = [(score, number) for score, number in scored if score is not None]
    if test_functions and scored:
        best_score, best = max(scored)
        print(f"best checkpoint: {best} ({METRIC} {best_score})")
    else:
        best = checkpoints[-1]["checkpoint"]
        print(f"no score to compare; taking the last checkpoint, {best}")
    # [end:checkpoints]

    # [start:deploy]
    step("Deploy the chosen checkpoint")
    deployment = api(
        "POST",
        f"/v1/projects/{project_id}/deployments",
        json={"training_job_id": job_id, "checkpoint": best, "name": f"service-manuals-{run_tag}"},
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

    # [start:generate]
    step("Continue an instruction")
    completion = api(
        "POST",
        "/v1/completions",
        json={
            "model": model,
            "prompt": "Before replacing the mechanical seal, drain the pump casing completely.",
            "temperature": 0.3,
            "top_p": 0.9,
            "max_completion_tokens": 120,
        },
    )
    print("continuation:", completion["choices"][0]["text"].strip())
    # [end:generate]


    # [start:clean-up]
    if os.environ.get("EMISSARY_CLEAN_UP") == "1":
        step("Delete the deployment")
        api("DELETE", f"/v1/projects/{project_id}/deployments/{deployment_id}")
        print("deleted deployment", deployment_id)
    # [end:clean-up]


run(main)
