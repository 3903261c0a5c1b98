// Command github-import brings an existing GitHub organisation under
// provider-github's management: it reads every object of the kinds the
// provider manages and writes their manifests, whose specs are GitHub's
// state as it is, so that applying them changes nothing on GitHub. See
// docs/importing.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"golang.org/x/term"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/importer"
	"github.com/crossplane-github/provider-github/internal/version"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr, term.IsTerminal(int(os.Stderr.Fd())), nil)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "github-import:", err)
		os.Exit(1)
	}
}

// config is the parsed command line.
type config struct {
	options         importer.Options
	out             string
	baseURL         string
	credentialsFile string
	showVersion     bool
}

// rawFlags are the flags that parseFlags turns into config fields.
type rawFlags struct{ scope, mode, repos, kinds, files *string }

// newFlagSet declares the flags, writing into c and raw.
func newFlagSet(c *config, raw *rawFlags, getenv func(string) string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("github-import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: github-import --owner <organisation> [flags]\n\n"+
			"Writes the manifests of every object of an organisation that provider-github manages, so that\n"+
			"applying them changes nothing on GitHub. Credentials: GITHUB_TOKEN, or --credentials-file.\n\n")
		fs.PrintDefaults()
	}
	o := &c.options
	fs.StringVar(&o.Owner, "owner", "", "The organisation to import.")
	fs.StringVar(&c.out, "out", "imported", "The folder to write; an empty or new one, or an earlier import's, which this import replaces.")
	fs.StringVar(&c.baseURL, "base-url", getenv("GITHUB_BASE_URL"), "The REST API root of GitHub Enterprise Server (https://ghes.example.com/api/v3/) or of the emulator; empty: github.com. Default: $GITHUB_BASE_URL.")
	fs.StringVar(&c.credentialsFile, "credentials-file", "", "A file holding the credentials as the provider's Secret does: a token, or JSON {\"appId\": ..., \"installationId\": ..., \"privateKey\": ...} of a GitHub App. Default: the token in $GITHUB_TOKEN.")
	raw.scope = fs.String("scope", string(importer.Namespaced), "namespaced (repo.github.m.crossplane.io, ...) or cluster (repo.github.crossplane.io, ...).")
	fs.StringVar(&o.Namespace, "namespace", "", "The namespace of namespaced resources, and of the Secrets any resource refers to. Default: default when namespaced, crossplane-system when cluster-scoped.")
	fs.StringVar(&o.NamePrefix, "name-prefix", "", "Starts every resource's name: cluster-scoped names are the cluster's, so two organisations imported into one cluster need a prefix each (acme-).")
	fs.StringVar(&o.ProviderConfig, "provider-config", "", "The provider configuration the resources name; empty: none (Crossplane's default, named default).")
	fs.StringVar(&o.ProviderConfigKind, "provider-config-kind", "ClusterProviderConfig", "Of namespaced resources: ProviderConfig (in --namespace) or ClusterProviderConfig.")
	raw.mode = fs.String("mode", string(importer.Observe), "observe: management policy Observe, nothing is ever written to GitHub; manage: full management, but deleting a resource never deletes on GitHub.")
	raw.repos = fs.String("repos", "", "Comma-separated globs of the repository names to import (api-*,web); empty: all.")
	raw.kinds = fs.String("kinds", "", "Comma-separated kinds to import (Repository,Team); empty: all.")
	fs.BoolVar(&o.ExcludeArchived, "exclude-archived", false, "Leave archived repositories out.")
	fs.BoolVar(&o.ExcludeForks, "exclude-forks", false, "Leave forks out.")
	fs.BoolVar(&o.SkipSecretValues, "skip-secret-values", false, "Leave out the kinds whose values GitHub never reveals (Actions and Dependabot secrets).")
	fs.BoolVar(&o.Sets, "sets", false, "Import each repository's labels as one authoritative IssueLabels (which deletes any label added later) instead of an IssueLabel per label.")
	raw.files = fs.String("files", "", "Comma-separated paths of files to import as RepositoryFiles from each repository's default branch, where they exist (CODEOWNERS,.github/dependabot.yml); empty: none.")
	fs.IntVar(&o.Concurrency, "concurrency", importer.DefaultConcurrency, "Repositories read at once.")
	fs.BoolVar(&c.showVersion, "version", false, "Print the version and exit.")
	return fs
}

func parseFlags(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	var c config
	var raw rawFlags
	fs := newFlagSet(&c, &raw, getenv, stderr)
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments %q: every setting is a flag (see --help)", fs.Args())
	}
	o := &c.options
	o.Scope, o.Mode = importer.Scope(*raw.scope), importer.Mode(*raw.mode)
	o.Repos, o.Kinds, o.Files = list(*raw.repos), list(*raw.kinds), list(*raw.files)
	if o.Namespace == "" {
		o.Namespace = "default"
		if o.Scope == importer.Cluster {
			o.Namespace = "crossplane-system"
		}
	}
	return c, nil
}

// list splits a comma-separated flag.
func list(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// credentials reads the credentials: from the file, or the token in
// GITHUB_TOKEN. Errors never quote them.
func credentials(c config, getenv func(string) string) (transport.Credentials, error) {
	if c.credentialsFile != "" {
		data, err := os.ReadFile(c.credentialsFile)
		if err != nil {
			return transport.Credentials{}, fmt.Errorf("cannot read --credentials-file: %w", err)
		}
		creds, err := transport.ParseCredentials(data)
		if err != nil {
			return transport.Credentials{}, fmt.Errorf("--credentials-file: %w", err)
		}
		return creds, nil
	}
	token := getenv("GITHUB_TOKEN")
	if token == "" {
		return transport.Credentials{}, errors.New("no credentials: set GITHUB_TOKEN to a token that can read the organisation, or pass --credentials-file")
	}
	creds, err := transport.ParseCredentials([]byte(token))
	if err != nil {
		return transport.Credentials{}, fmt.Errorf("GITHUB_TOKEN: %w", err)
	}
	return creds, nil
}

// run imports as args say. base, when not nil, is the innermost round
// tripper (tests count what reaches the emulator with it).
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer, tty bool, base http.RoundTripper) error {
	c, err := parseFlags(args, getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if c.showVersion {
		fmt.Fprintln(stdout, version.Version)
		return nil
	}
	if err := c.options.Validate(importer.Kinds); err != nil {
		return err
	}
	creds, err := credentials(c, getenv)
	if err != nil {
		return err
	}
	if base == nil {
		base = http.DefaultTransport
	}
	meter := importer.NewMeter(base)
	client, err := transport.NewClient(transport.Config{Credentials: creds, BaseURL: c.baseURL, Source: "github-import"},
		transport.Options{UserAgent: "provider-github-import/" + version.Version, Transport: meter, NoFullReads: true,
			MaxConcurrency: 2 * c.options.Concurrency, Timeout: time.Minute,
			// Out of requests, an import waits for GitHub's hourly limit
			// to reset (the progress line shows 0 left) rather than fail.
			MaxRateLimitWait: time.Hour})
	if err != nil {
		return err
	}
	progress := importer.NewProgress(stderr, tty, meter, c.options.Owner)
	res, err := importer.Import(ctx, client, c.options, importer.Kinds, progress)
	progress.Done()
	if err != nil {
		if ctx.Err() != nil {
			return errors.New("interrupted: nothing was written (every file of an earlier import is as it was)")
		}
		return err
	}
	written, err := importer.Write(c.out, res, c.options)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Wrote %d resources of %s to %s (%d changed, %d removed) with %d requests to GitHub; %d repositories left out by the filters.\n",
		written.Files, c.options.Owner, c.out, written.Changed, written.Removed, meter.Requests(), res.Skipped)
	if written.Secrets > 0 {
		fmt.Fprintf(stdout, "The resources refer to %d Kubernetes Secrets for values GitHub never reveals: %s lists them.\n", written.Secrets, "secrets-to-create.txt")
	}
	fmt.Fprintf(stdout, "Apply them with: kubectl apply -k %s\n", c.out)
	if len(res.Errors) > 0 {
		for _, e := range res.Errors {
			fmt.Fprintln(stderr, "github-import:", e)
		}
		return fmt.Errorf("%d reads failed: the objects they would have read are missing from %s; fix what the messages above say and import again", len(res.Errors), c.out)
	}
	return nil
}
