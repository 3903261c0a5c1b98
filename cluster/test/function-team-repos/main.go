// Command function-team-repos is a composition function for the e2e test
// (hack/e2e.sh). It implements the XTeamRepos platform API of
// examples/composition the way the function-patch-and-transform Composition
// there does, because no published function can be downloaded on the
// machines the e2e test runs on.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/crossplane/function-sdk-go"
)

func main() {
	var (
		address  = flag.String("address", "127.0.0.1:9443", "Address to serve gRPC on.")
		certsDir = flag.String("tls-certs-dir", "", "Folder with tls.crt, tls.key (server) and ca.crt (clients' CA); Crossplane always dials with mutual TLS.")
		insecure = flag.Bool("insecure", false, "Serve without TLS (for local debugging only).")
		debug    = flag.Bool("debug", false, "Log every request.")
	)
	flag.Parse()
	log, err := function.NewLogger(*debug)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := function.Serve(&Function{log: log},
		function.Listen("tcp", *address),
		function.MTLSCertificates(*certsDir),
		function.Insecure(*insecure)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
