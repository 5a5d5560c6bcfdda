"""A client of `domindex serve` written as an analyst would, with the standard library only.

Usage: python3 python-client.py BASE_URL TOKEN < requests.json

requests.json is {"page_through": QUERY, "paths": [[PATH, SEND_TOKEN], ...]}: the client pages through
the reverse search QUERY until the last page, then fetches each path (with the bearer token when
SEND_TOKEN is true). It prints {"pages": [BODY, ...], "answers": [[STATUS, BODY], ...]} as JSON.
"""
import json
import sys
import urllib.error
import urllib.request


def get(base, path, token):
    headers = {"Authorization": "Bearer " + token} if token else {}
    request = urllib.request.Request(base + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:  # 4xx and 5xx carry a JSON body too
        return error.code, json.loads(error.read())


def main():
    base, token = sys.argv[1], sys.argv[2]
    asked = json.load(sys.stdin)
    pages, page = [], 0
    while True:
        status, body = get(base, "/v1/domain/reverse?%s&page=%d" % (asked["page_through"], page), token)
        if status != 200:
            raise SystemExit("HTTP %d: %s" % (status, body))
        pages.append(body)
        page += 1
        if page >= body["pages"]:
            break
    answers = [list(get(base, path, token if send else None)) for path, send in asked["paths"]]
    json.dump({"pages": pages, "answers": answers}, sys.stdout)


main()
