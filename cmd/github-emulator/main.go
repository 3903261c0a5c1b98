// Command github-emulator serves the GitHub REST API emulator used by
// provider-github's tests and demos. See docs/emulator.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "github-emulator:", err)
		os.Exit(1)
	}
}

// config is the parsed command line.
type config struct {
	listen   string
	seedFile string
	tokenTTL time.Duration
	debug    bool
	// listOperations prints the served operations instead of serving.
	listOperations bool
}

func parseFlags(args []string) (config, error) {
	var c config
	fs := flag.NewFlagSet("github-emulator", flag.ContinueOnError)
	fs.StringVar(&c.listen, "listen", "127.0.0.1:8089", "address to listen on")
	fs.StringVar(&c.seedFile, "seed", "", "seed file (JSON or YAML); default: the built-in demo seed")
	fs.DurationVar(&c.tokenTTL, "installation-token-ttl", emulator.DefaultInstallationTokenTTL, "lifetime of GitHub App installation tokens")
	fs.BoolVar(&c.debug, "debug", false, "log one line per request")
	fs.BoolVar(&c.listOperations, "list-operations", false, "print the served operations of GitHub's API, one \"METHOD /template\" a line as GitHub's OpenAPI description names them, and exit")
	if err := fs.Parse(args); err != nil {
		return c, fmt.Errorf("parsing flags: %w", err)
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	if c.tokenTTL <= 0 {
		return c, fmt.Errorf("--installation-token-ttl must be positive")
	}
	return c, nil
}

func newServer(c config, logger *slog.Logger) (*emulator.Server, error) {
	seed := emulator.DefaultSeed()
	if c.seedFile != "" {
		s, err := emulator.LoadSeedFile(c.seedFile)
		if err != nil {
			return nil, err
		}
		seed = s
	}
	return emulator.NewChecked(emulator.Options{Seed: seed, InstallationTokenTTL: c.tokenTTL, Logger: logger})
}

func run(args []string, stdout io.Writer, stderr *os.File) error {
	c, err := parseFlags(args)
	if err != nil {
		return err
	}
	if c.listOperations {
		if _, err := io.WriteString(stdout, emulator.OperationsText()); err != nil {
			return fmt.Errorf("writing operations: %w", err)
		}
		return nil
	}
	level := slog.LevelInfo
	if c.debug {
		level = slog.LevelDebug
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	srv, err := newServer(c, logger)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.listen)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", c.listen, err)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	logger.Info("serving GitHub API emulator", "url", "http://"+ln.Addr().String(), "ghes_url", "http://"+ln.Addr().String()+"/api/v3")
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	return nil
}
