package importer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/google/go-github/v37/github"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// A Result is what an import read.
type Result struct {
	// Resources read, in a fixed order (by file).
	Resources []Resource
	// Skipped counts the repositories left out by a filter.
	Skipped int
	// Errors are the reads that failed, each naming its object and what to
	// do; the objects they would have read are missing from Resources.
	Errors []error
}

// Events tell a progress display what happens.
type Events interface {
	// Repositories: how many repositories will be read.
	Repositories(n int)
	// Read: one repository (or the organisation's objects) was read,
	// finding found resources.
	Read(found int)
}

// Import reads the organisation o.Owner with client: every object of
// every kind of kinds that o asks for. A failing read is recorded and the
// import goes on; a cancelled ctx stops it.
func Import(ctx context.Context, client *github.Client, o Options, kinds []Kind, events Events) (*Result, error) {
	if err := o.Validate(kinds); err != nil {
		return nil, err
	}
	s := &Session{GitHub: client, Options: o, kinds: map[string]bool{}, repos: map[string]bool{}, repoNames: map[int64]string{}}
	var perRepo, perOrg []Kind
	for _, k := range kinds {
		if !o.wantsKind(k, kinds) {
			continue
		}
		s.kinds[k.Name] = true
		if k.Level == PerRepository {
			perRepo = append(perRepo, k)
		} else {
			perOrg = append(perOrg, k)
		}
	}
	listed, err := gh.NewOrgReposClient(client).ListOrgRepositories(ctx, o.Owner)
	if err != nil {
		return nil, fmt.Errorf("cannot list the repositories of %s: %w", o.Owner, err)
	}
	res := &Result{}
	var names []string
	for _, r := range listed {
		s.repoNames[r.ID] = r.Name
		if !o.wantsRepo(r.Name) || o.ExcludeArchived && r.Archived || o.ExcludeForks && r.Fork {
			res.Skipped++
			continue
		}
		names = append(names, r.Name)
		s.repos[strings.ToLower(r.Name)] = true
	}
	slices.Sort(names)
	events.Repositories(len(names))

	var mu sync.Mutex
	collect := func(rs []Resource, errs []error) {
		mu.Lock()
		defer mu.Unlock()
		res.Resources = append(res.Resources, rs...)
		res.Errors = append(res.Errors, errs...)
		events.Read(len(rs))
	}
	work := make(chan string)
	var wg sync.WaitGroup
	for range min(o.Concurrency, max(len(names), 1)) {
		wg.Go(func() {
			for name := range work {
				collect(importRepository(ctx, s, name, perRepo))
			}
		})
	}
	wg.Go(func() {
		var rs []Resource
		var errs []error
		for _, k := range perOrg {
			got, err := k.Import(ctx, s, nil)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s of %s: %w", k.Name, o.Owner, err))
				continue
			}
			rs = append(rs, got...)
		}
		collect(rs, errs)
	})
feed:
	for _, n := range names {
		select {
		case work <- n:
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return res, err
	}
	slices.SortFunc(res.Resources, func(a, b Resource) int { return strings.Compare(File(a), File(b)) })
	return res, unique(res.Resources)
}

// importRepository reads the repository named name and its objects of
// kinds.
func importRepository(ctx context.Context, s *Session, name string, kinds []Kind) ([]Resource, []error) {
	repo, err := importRepositoryRead(ctx, s.GitHub, s.Options.Owner, name)
	if err != nil {
		return nil, []error{err}
	}
	var rs []Resource
	var errs []error
	for _, k := range kinds {
		if ctx.Err() != nil {
			return rs, errs
		}
		found, err := k.Import(ctx, s, repo)
		if err != nil {
			errs = append(errs, kindError(k, repo, err))
			continue
		}
		rs = append(rs, found...)
	}
	return rs, errs
}

// kindError is the error of kind k's import of repo. The repository was
// just read, so a 404 under it is GitHub hiding what the credentials may
// not read: it says so, with the permission they lack.
func kindError(k Kind, repo *Repo, err error) error {
	if advice := gh.PermissionAdvice(err); gh.IsNotFound(err) && advice != "" {
		return fmt.Errorf("%s of %s: %w; the repository exists, so GitHub hides these from the credentials: %s", k.Name, repo.FullName(), err, advice)
	}
	return fmt.Errorf("%s of %s: %w", k.Name, repo.FullName(), err)
}

// importRepositoryRead reads the repository owner/name.
func importRepositoryRead(ctx context.Context, client *github.Client, owner, name string) (*Repo, error) {
	got, err := gh.NewReposClient(client).Get(ctx, owner, name)
	if err != nil {
		return nil, fmt.Errorf("repository %s/%s: %w", owner, name, err)
	}
	return &Repo{Owner: got.Owner.Login, Name: got.Name, GitHub: got}, nil
}

// unique fails when two resources would share a file (and so a name).
func unique(rs []Resource) error {
	var errs []error
	for i := 1; i < len(rs); i++ {
		if File(rs[i]) == File(rs[i-1]) {
			errs = append(errs, fmt.Errorf("%s %q and %q of %s would both be named %s", rs[i].Kind, rs[i-1].Key, rs[i].Key, rs[i].Repository, Name(rs[i])))
		}
	}
	return errors.Join(errs...)
}
