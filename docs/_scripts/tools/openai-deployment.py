"""Call an Emissary deployment with the official OpenAI SDK for Python (page: /fine-tuning/openai-sdk).

Needs Python 3.10 or later and the SDK: pip install openai
Run: EMISSARY_API_KEY=<your key> EMISSARY_MODEL=<your deployment's name> python openai-deployment.py
"""
import os
import sys

from openai import OpenAI, Omit

key = os.environ.get("EMISSARY_API_KEY")
model = os.environ.get("EMISSARY_MODEL")
if not key or not model:
    print("error: set EMISSARY_API_KEY and EMISSARY_MODEL (the name of your deployment)", file=sys.stderr)
    sys.exit(2)

client = OpenAI(
    # Every Emissary path starts with /v1; the SDK adds /chat/completions or /completions.
    base_url=os.environ.get("EMISSARY_BASE_URL", "https://api.withemissary.com") + "/v1",
    # The SDK needs a key to start. Emissary reads it from X-API-Key.
    api_key=key,
    default_headers={"X-API-Key": key},
)
# The SDK would also send the key as a Bearer token. It drops that header only when each call says so.
NO_BEARER = {"Authorization": Omit()}

# Chat completions: the deployment's name goes in `model`. Fields the SDK does not know go in extra_body.
chat = client.chat.completions.create(
    model=model,
    messages=[
        {"role": "system", "content": "Rewrite the error message in plain words."},
        {"role": "user", "content": "ECONNRESET while reading from socket"},
    ],
    max_tokens=128,
    temperature=0.2,
    extra_body={"top_k": 20},  # Emissary's own field; OpenAI has no top_k
    extra_headers=NO_BEARER,
)
print("chat:", chat.choices[0].message.content)
# Emissary puts `refusal` on the choice, not inside `message`: the SDK keeps unknown fields as attributes.
print("refusal:", getattr(chat.choices[0], "refusal", None))
print("tokens:", chat.usage.total_tokens if chat.usage else None)

# Completions: Emissary caps the length with max_completion_tokens, which the SDK's completions call lacks.
completion = client.completions.create(
    model=model,
    prompt="Error: ENOSPC. In plain words:",
    temperature=0.2,
    extra_body={"max_completion_tokens": 64},
    extra_headers=NO_BEARER,
)
print("completion:", completion.choices[0].text)
