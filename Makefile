# Shortcuts for developers; the README's two commands need none of this.
.PHONY: run test check generate bench load

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

load:
	bash .ci/load
