# Shortcuts for developers; the README's two commands need none of this.
.PHONY: run test check generate bench load load-processes wrk release

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
	go test -run '^$$' -bench . -benchmem ./domain/schnapsen/ ./domain/tournament/ ./draw/ ./store/ ./cmd/bummerl/...

# The live room at venue scale (docs/performance.md, issue 19): 2000 phones
# (one stream and one connection each, 32 per loopback address) and 5
# projectors on a 256-card tournament, 2 results per second, 60 s, the
# server's own connection bounds; -hog N, -loaders N, -cards, -db and the
# rest: go run ./.ci/loadtest -h.
load:
	go run ./.ci/loadtest -phones 2000 -projectors 5 -cards 256 -rate 2 -duration 60s

# Several app processes on one PostgreSQL database (docs/performance.md,
# issue 26): 3 processes x 1000 phones, the results entered through the
# processes in turn. LOAD_DB names an empty PostgreSQL database, e.g.
# make load-processes LOAD_DB='postgres://postgres@127.0.0.1:5433/load?sslmode=disable'
load-processes:
	go run ./.ci/loadtest -processes 3 -phones 3000 -projectors 0 -cards 256 -rate 2 -duration 60s -db "$(LOAD_DB)"

# wrk against the public pages and a static file, transfer size, memory.
wrk:
	bash .ci/load

# One file per system in dist/ with dist/SHA256SUMS (docs/release.md):
# Windows, Linux and a Raspberry Pi (arm64); needs the cross compilers
# gcc-mingw-w64-x86-64, gcc-aarch64-linux-gnu and libc6-dev-arm64-cross.
release:
	bash .ci/release
