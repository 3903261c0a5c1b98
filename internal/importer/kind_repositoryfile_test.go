package importer

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// putFile commits content at path of acme/api's default branch.
func putFile(t *testing.T, s *Session, path string, content []byte) {
	t.Helper()
	if _, err := gh.NewContentsClient(s.GitHub).PutFile(context.Background(), "acme", "api", path, &gh.FileWrite{Message: "Add " + path, Content: content}); err != nil {
		t.Fatal(err)
	}
}

func TestImportRepositoryFiles(t *testing.T) {
	s := newTestSession(t, "", "RepositoryFile")
	codeowners := "* @acme/platform\r\n\t/docs/  @acme/writers  \n\n"
	dependabot := "version: 2\nupdates:\n  - package-ecosystem: gomod\n    directory: \"/\"\n    schedule: {interval: weekly}\n"
	putFile(t, s, ".github/CODEOWNERS", []byte(codeowners))
	putFile(t, s, ".github/dependabot.yml", []byte(dependabot))
	s.Options.Files = []string{".github/CODEOWNERS", "no/such/file", ".github/dependabot.yml"}

	rs, err := repositoryFileKind.Import(context.Background(), s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	// The repository is not imported: it is named by owner and name.
	repo := common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")}
	want := []Resource{
		{Kind: "RepositoryFile", Group: "repo", Repository: "api", Key: ".github/CODEOWNERS", ExternalName: ".github/CODEOWNERS",
			ForProvider: common.RepositoryFileParameters{RepositoryTarget: repo, Path: ".github/CODEOWNERS", Content: ptr.To(codeowners)}},
		{Kind: "RepositoryFile", Group: "repo", Repository: "api", Key: ".github/dependabot.yml", ExternalName: ".github/dependabot.yml",
			ForProvider: common.RepositoryFileParameters{RepositoryTarget: repo, Path: ".github/dependabot.yml", Content: ptr.To(dependabot)}},
	}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Fatalf("the imported files: -want, +got:\n%s", diff)
	}
	// Written and read back, the content is byte for byte the file's (the
	// blob GitHub has): the controller commits nothing.
	for _, r := range rs {
		body, err := Render(r, s.Options)
		if err != nil {
			t.Fatal(err)
		}
		var m struct {
			Spec struct {
				ForProvider common.RepositoryFileParameters `json:"forProvider"`
			} `json:"spec"`
		}
		if err := yaml.Unmarshal(body, &m); err != nil {
			t.Fatal(err)
		}
		if got, want := ptr.Deref(m.Spec.ForProvider.Content, ""), *r.ForProvider.(common.RepositoryFileParameters).Content; got != want {
			t.Errorf("%s: the written content reads back as %q, want %q", r.Key, got, want)
		}
	}
}

func TestImportRepositoryFilesRefusesBinary(t *testing.T) {
	s := newTestSession(t, "", "RepositoryFile")
	putFile(t, s, "logo.png", []byte{0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe})
	s.Options.Files = []string{"logo.png"}
	_, err := repositoryFileKind.Import(context.Background(), s, testRepo(t, s.GitHub, "api"))
	if err == nil || !strings.Contains(err.Error(), "not UTF-8 text") {
		t.Errorf("Import() of a binary file: %v, want an error saying it is not text", err)
	}
}

func TestImportRepositoryFilesRefusesDirectory(t *testing.T) {
	s := newTestSession(t, "", "RepositoryFile")
	putFile(t, s, ".github/CODEOWNERS", []byte("* @acme/platform\n"))
	s.Options.Files = []string{".github"}
	_, err := repositoryFileKind.Import(context.Background(), s, testRepo(t, s.GitHub, "api"))
	if err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("Import() of a directory: %v, want an error saying it is one", err)
	}
}
