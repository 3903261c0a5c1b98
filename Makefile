# provider-github. `make help` lists the targets.
SHELL := /bin/bash
GO ?= go
export GOFLAGS ?= -mod=mod

.PHONY: help generate check-diff build test test-unit test-race vet lint reviewable run cluster-up cluster-down demo demo-down emulator envtest-assets bench chaos chaos-short outages xpkg crossplane-tools e2e kind

help: ## Show this help
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-16s %s\n", $$1, $$2}'

generate: ## Regenerate kind wrappers (hack/tools/kindgen), deepcopy, managed methodsets and CRDs (package/crds)
	cd apis && $(GO) generate ./...

kind: ## Scaffold a new kind in every layer: make kind KIND=IssueLabel ARGS="-noun label -path /labels -permission Issues" (-id: GitHub assigns ids; -org: an organization's; -setting: its one setting, GET and PUT)
	@test -n "$(KIND)" || { echo "usage: make kind KIND=<Kind> [ARGS=...]"; exit 2; }
	cd hack/tools && $(GO) run ./kindgen new -root ../.. $(ARGS) $(KIND)
	$(MAKE) generate
	hack/openapi-trim.sh

check-diff: generate ## Fail when generation changes the tree
	@if [ -n "$$(git status --porcelain -- apis package internal/controller/kind/kindtest/twins)" ]; then \
		git status --porcelain -- apis package internal/controller/kind/kindtest/twins; echo "generated code is stale: run make generate and commit"; exit 1; fi

build: ## Build the provider, the emulator and github-import into _output/bin
	$(GO) build -o _output/bin/provider ./cmd/provider
	$(GO) build -o _output/bin/github-emulator ./cmd/github-emulator
	$(GO) build -o _output/bin/github-import ./cmd/github-import

envtest-assets: ## Build or reuse kube-apiserver, kube-controller-manager and etcd for tests
	@hack/envtest-assets.sh >/dev/null

# -parallel=8: the integration tests spend their time waiting for polls and GitHub answers, not on CPU;
# at the default (GOMAXPROCS, 2 here) the seven kinds' tests in both scopes would take over 20 minutes.
test: envtest-assets ## Unit, emulator (with -race) and envtest integration tests
	KUBEBUILDER_ASSETS=$$(hack/envtest-assets.sh | tail -n 1) $(GO) test -count=1 -timeout=30m -parallel=8 ./...
	$(GO) test -count=1 -race ./internal/emulator/...
	cd hack/tools && $(GO) test -count=1 ./kindgen/...

vet: ## go vet
	$(GO) vet ./...

lint: ## golangci-lint with .golangci.yml (built once through hack/tools and cached)
	$$(hack/golangci-lint.sh | tail -n 1) run ./...

reviewable: generate vet lint test ## What a change needs before review

run: ## Run the provider out of cluster against $KUBECONFIG (installs the CRDs there first)
	kubectl apply --server-side -f package/crds
	$(GO) run ./cmd/provider --debug --metrics-bind-address=127.0.0.1:8080 --health-probe-bind-address=127.0.0.1:8081

cluster-up: ## Start a local control plane; prints export KUBECONFIG=...
	@hack/local-cluster.sh up

cluster-down: ## Stop the local control plane
	@hack/local-cluster.sh down

emulator: ## Run the GitHub API emulator on 127.0.0.1:8089
	$(GO) run ./cmd/github-emulator --listen 127.0.0.1:8089

demo: ## Local control plane + emulator + provider + examples, left running
	@hack/demo.sh up

demo-down: ## Stop everything make demo started
	@hack/demo.sh down

crossplane-tools: ## Build or reuse the crossplane CLI, kubectl-crossplane, Crossplane core and an OCI registry
	@hack/crossplane-tools.sh >/dev/null

xpkg: ## Build the runtime image and the Crossplane package _output/xpkg/provider-github.xpkg
	@hack/build-xpkg.sh

bench: ## Measure scale and rate-limit economy (local control plane + emulator + provider); not a test
	@hack/bench.sh

chaos: ## Storms of every kind with SIGKILLs and GitHub faults; fails on anything lost, duplicated, left or stuck (SEED, N, KILLS)
	@hack/chaos.sh

chaos-short: ## make chaos's CI variant (a few minutes)
	@N=6 KILLS=9 CHAOS_WINDOW=30s hack/chaos.sh

outages: ## Two replicas through a kube-apiserver restart and the leader's SIGKILL; fails on anything lost, duplicated, written twice or stuck (N)
	@hack/outages.sh

e2e: ## The package in real Crossplane: install, examples, Compositions, end to end (report at the end)
	@hack/e2e.sh
