# Shortcuts for developers; the README's two commands need none of this.
.PHONY: run test check generate bench load wrk

run:
	go run ./cmd/bummerl

test:
	go test ./...

# What CI checks besides the tests.
check: generate
	test -z "$$(gofmt -l .)"
	go vet ./...
	git diff --exit-code -- views/

generate:
	go tool templ generate

bench:
	go test -run '^$$' -bench . -benchmem ./domain/schnapsen/ ./domain/tournament/ ./draw/ ./store/ ./cmd/bummerl/

# The live load (docs/performance.md): 500 phones on the live stream, 5
# projectors, 2 results per second, 60 s; flags: go run ./.ci/loadtest -h.
load:
	go run ./.ci/loadtest

# wrk against the public pages and a static file, transfer size, memory.
wrk:
	bash .ci/load
