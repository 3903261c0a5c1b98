module github.com/crossplane-github/provider-github/hack/xpkg

go 1.26.0

require github.com/google/go-containerregistry v0.21.2

require (
	github.com/containerd/stargz-snapshotter/estargz v0.18.2 // indirect
	github.com/klauspost/compress v1.18.4 // indirect
	github.com/opencontainers/go-digest v1.0.0 // indirect
	github.com/opencontainers/image-spec v1.1.1 // indirect
	github.com/vbatts/tar-split v0.12.2 // indirect
	golang.org/x/sync v0.19.0 // indirect
)
