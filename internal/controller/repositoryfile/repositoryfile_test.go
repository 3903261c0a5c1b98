package repositoryfile

import (
	"context"
	"net/http"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

const contentsPath = "/repos/demo-org/app/contents/config%2Fapp.yaml"

func notFound(message string) error {
	return kindtest.GitHubErr(http.MethodGet, contentsPath, http.StatusNotFound, message)
}

func TestObserve(t *testing.T) {
	type want struct {
		o       managed.ExternalObservation
		err     error
		obs     common.RepositoryFileObservation
		ready   bool
		extName string
		calls   []call
		events  []event.Reason
	}
	atMain := func(sha string) common.RepositoryFileObservation {
		o := common.RepositoryFileObservation{Repository: ptr.To("demo-org/app"), Branch: ptr.To("main"), Path: ptr.To(path)}
		if sha != "" {
			o.SHA, o.Size, o.HTMLURL = ptr.To(sha), ptr.To(int64(len(content))), ptr.To(htmlURL)
		}
		return o
	}
	readMain := []call{{Op: "repo"}, {Op: "get", Branch: "main"}}
	defaultMain := &github.Repository{DefaultBranch: "main"}
	cases := map[string]struct {
		reason string
		api    api
		kube   []client.Object
		mg     []mod
		want   want
	}{
		"NotThereYet": {
			reason: "No file at the path on the default branch: it does not exist, and status says where it will go.",
			api:    api{repo: defaultMain, getErr: notFound("Not Found")},
			want:   want{obs: atMain(""), calls: readMain},
		},
		"DeclaredBranch": {
			reason: "A declared branch is read as it is: the repository is not asked for its default branch.",
			api:    api{getErr: notFound("Not Found")},
			mg:     []mod{withParams(func(p *common.RepositoryFileParameters) { p.Branch = ptr.To(common.BranchName("release/v1")) })},
			want: want{
				obs:   common.RepositoryFileObservation{Repository: ptr.To("demo-org/app"), Branch: ptr.To("release/v1"), Path: ptr.To(path)},
				calls: []call{{Op: "get", Branch: "release/v1"}},
			},
		},
		"UpToDate": {
			reason: "GitHub's blob id is the one of the declared bytes: up to date and Available.",
			api:    api{repo: defaultMain, get: file(contentSHA)},
			mg:     []mod{withExternalName(path)},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				obs: atMain(contentSHA), ready: true, extName: path, calls: readMain,
			},
		},
		"Drift": {
			reason: "Another blob id is drift: the declared content is written again.",
			api:    api{repo: defaultMain, get: file(otherSHA)},
			mg:     []mod{withExternalName(path)},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, Diff: "content: GitHub has blob " + otherSHA + ", the declared content is blob " + contentSHA},
				obs: atMain(otherSHA), ready: true, extName: path, calls: readMain,
			},
		},
		"Gone": {
			reason: "A file deleted on GitHub does not exist: it is written again, with a warning.",
			api:    api{repo: defaultMain, getErr: notFound("Not Found")},
			mg:     []mod{withExternalName(path)},
			want:   want{obs: atMain(""), extName: path, calls: readMain, events: []event.Reason{kind.ReasonMissing}},
		},
		"GoneWhileDeleting": {
			reason: "A file already gone when the resource is deleted is simply gone.",
			api:    api{repo: defaultMain, getErr: notFound("Not Found")},
			mg:     []mod{withExternalName(path), deleting()},
			want:   want{obs: atMain(""), extName: path, calls: readMain},
		},
		"NotOurs": {
			reason: "A file that was there before, and that this resource did not write, is left alone; the error says how to take it over.",
			api:    api{repo: defaultMain, get: file(otherSHA)},
			want: want{
				err:   errors.New(`config/app.yaml on branch main of demo-org/app already exists, and this RepositoryFile did not write it: to replace it with the declared content and manage it, set spec.forProvider.overwriteOnCreate: true or the annotation crossplane.io/external-name: "config/app.yaml"; or choose another path`),
				obs:   atMain(otherSHA),
				calls: readMain,
			},
		},
		"NotOursSameContent": {
			reason: "A file with the declared content is not taken either when no create of this resource was under way.",
			api:    api{repo: defaultMain, get: file(contentSHA)},
			want: want{
				err:   errors.New(`config/app.yaml on branch main of demo-org/app already exists (it already has the declared content), and this RepositoryFile did not write it: to replace it with the declared content and manage it, set spec.forProvider.overwriteOnCreate: true or the annotation crossplane.io/external-name: "config/app.yaml"; or choose another path`),
				obs:   atMain(contentSHA),
				calls: readMain,
			},
		},
		"NotOursWhileDeleting": {
			reason: "A file this resource did not write is not deleted with it.",
			api:    api{repo: defaultMain, get: file(otherSHA)},
			mg:     []mod{deleting()},
			want:   want{obs: atMain(otherSHA), calls: readMain},
		},
		"Overwrite": {
			reason: "With overwriteOnCreate an existing file does not count as this resource's: Create replaces it.",
			api:    api{repo: defaultMain, get: file(otherSHA)},
			mg:     []mod{withParams(func(p *common.RepositoryFileParameters) { p.OverwriteOnCreate = ptr.To(true) })},
			want:   want{obs: atMain(otherSHA), calls: readMain},
		},
		"InterruptedCreateRecovered": {
			reason: "A create that never finished, and a file with exactly the declared content: it is this resource's; the external name is set and saved.",
			api:    api{repo: defaultMain, get: file(contentSHA)},
			mg:     []mod{withPending()},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				obs: atMain(contentSHA), ready: true, extName: path, calls: readMain, events: []event.Reason{kind.ReasonRecovered},
			},
		},
		"InterruptedCreateOtherContent": {
			reason: "A create that never finished does not make another file this resource's.",
			api:    api{repo: defaultMain, get: file(otherSHA)},
			mg:     []mod{withPending()},
			want: want{
				err:   errors.New(`config/app.yaml on branch main of demo-org/app already exists, and this RepositoryFile did not write it: to replace it with the declared content and manage it, set spec.forProvider.overwriteOnCreate: true or the annotation crossplane.io/external-name: "config/app.yaml"; or choose another path`),
				obs:   atMain(otherSHA),
				calls: readMain,
			},
		},
		"NoRepository": {
			reason: "A repository GitHub does not show is named in the error.",
			api:    api{repoErr: notFound("Not Found")},
			want:   want{err: errors.New("cannot find repository demo-org/app (or the credentials cannot see it)"), calls: []call{{Op: "repo"}}},
		},
		"NoRepositoryWhileDeleting": {
			reason: "Without the repository there is nothing left to delete.",
			api:    api{repoErr: notFound("Not Found")},
			mg:     []mod{withExternalName(path), deleting()},
			want:   want{extName: path, calls: []call{{Op: "repo"}}},
		},
		"ReadFails": {
			reason: "Any answer but a 404 is an error, worded with what was attempted.",
			api:    api{repo: defaultMain, getErr: kindtest.GitHubErr(http.MethodGet, contentsPath, http.StatusBadGateway, "Bad Gateway")},
			mg:     []mod{withExternalName(path)},
			want: want{
				err:     errors.Wrap(kindtest.GitHubErr(http.MethodGet, contentsPath, http.StatusBadGateway, "Bad Gateway"), "cannot read config/app.yaml on branch main of demo-org/app"),
				extName: path, calls: readMain,
			},
		},
		"Directory": {
			reason: "A path GitHub has as something else than a file is refused.",
			api:    api{repo: defaultMain, get: &github.FileContent{Type: "submodule", Path: path, SHA: otherSHA}},
			mg:     []mod{withExternalName(path)},
			want: want{
				err:     errors.New("config/app.yaml on branch main of demo-org/app is a submodule on GitHub, not a file: choose another path"),
				extName: path, calls: readMain,
			},
		},
		"WrongExternalName": {
			reason: "An external name that is not the path says how to fix it; nothing is read.",
			mg:     []mod{withExternalName("README.md")},
			want: want{
				err:     errors.New(`the crossplane.io/external-name annotation is "README.md", but a RepositoryFile's external name is its path, "config/app.yaml": set the annotation to the path, or remove it`),
				extName: "README.md",
			},
		},
		"ConfigMapMissing": {
			reason: "A ConfigMap that does not exist is named in the error; GitHub is not asked for the file.",
			api:    api{repo: defaultMain},
			mg: []mod{withParams(func(p *common.RepositoryFileParameters) {
				p.Content = nil
				p.ContentFrom = &common.FileContentSource{ConfigMapKeyRef: common.ConfigMapKeySelector{Name: "files", Namespace: ptr.To("ns"), Key: "app.yaml"}}
			})},
			want: want{
				err:   errors.New("ConfigMap ns/files named by spec.forProvider.contentFrom.configMapKeyRef does not exist: create it, or fix the reference"),
				calls: []call{{Op: "repo"}},
			},
		},
		"ConfigMapNotNeededWhileDeleting": {
			reason: "A resource being deleted does not need its content: a ConfigMap already gone does not hold up the delete.",
			api:    api{repo: defaultMain, get: file(contentSHA)},
			mg: []mod{withExternalName(path), deleting(), withParams(func(p *common.RepositoryFileParameters) {
				p.Content = nil
				p.ContentFrom = &common.FileContentSource{ConfigMapKeyRef: common.ConfigMapKeySelector{Name: "files", Namespace: ptr.To("ns"), Key: "app.yaml"}}
			})},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				obs: atMain(contentSHA), ready: true, extName: path, calls: readMain,
			},
		},
		"ConfigMapContent": {
			reason: "Content from a ConfigMap key is compared by its blob id, as inline content is.",
			api:    api{repo: defaultMain, get: file(contentSHA)},
			kube:   []client.Object{&corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "files"}, BinaryData: map[string][]byte{"app.yaml": []byte(content)}}},
			mg: []mod{withExternalName(path), withParams(func(p *common.RepositoryFileParameters) {
				p.Content = nil
				p.ContentFrom = &common.FileContentSource{ConfigMapKeyRef: common.ConfigMapKeySelector{Name: "files", Namespace: ptr.To("ns"), Key: "app.yaml"}}
			})},
			want: want{
				o:   managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				obs: atMain(contentSHA), ready: true, extName: path, calls: readMain,
			},
		},
		"ConfigMapKeyMissing": {
			reason: "A key the ConfigMap does not have is named with the keys it has.",
			api:    api{repo: defaultMain},
			kube:   []client.Object{&corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "files"}, Data: map[string]string{"other": "x"}}},
			mg: []mod{withParams(func(p *common.RepositoryFileParameters) {
				p.Content = nil
				p.ContentFrom = &common.FileContentSource{ConfigMapKeyRef: common.ConfigMapKeySelector{Name: "files", Namespace: ptr.To("ns"), Key: "app.yaml"}}
			})},
			want: want{
				err:   errors.New(`ConfigMap ns/files has no key "app.yaml" in data or binaryData (its keys are other): add the key, or fix spec.forProvider.contentFrom.configMapKeyRef.key`),
				calls: []call{{Op: "repo"}},
			},
		},
	}
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				var calls []call
				rec := &kindtest.Recorder{}
				mg := s.file(tc.mg...)
				e := s.external(tc.api.fake(t, &calls), kubeWith(t, tc.kube...), rec, found{})
				o, err := e.Observe(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, o); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.obs, *mg.Observation()); diff != "" {
					t.Errorf("\n%s\nObserve(...): status.atProvider: -want, +got:\n%s", tc.reason, diff)
				}
				if got := mg.GetCondition(xpv2.TypeReady).Status == "True"; got != tc.want.ready {
					t.Errorf("\n%s\nObserve(...): Ready = %v, want %v", tc.reason, got, tc.want.ready)
				}
				if diff := cmp.Diff(tc.want.extName, meta.GetExternalName(mg)); diff != "" {
					t.Errorf("\n%s\nObserve(...): external name: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, calls); diff != "" {
					t.Errorf("\n%s\nObserve(...): calls to GitHub: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nObserve(...): events: -want, +got:\n%s", tc.reason, diff)
				}
			})
		}
	})
}

// TestObserveConfigMapScope: a namespaced RepositoryFile reads ConfigMaps of
// its own namespace only; a cluster-scoped one must name the namespace.
func TestObserveConfigMapScope(t *testing.T) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "files"}, Data: map[string]string{"app.yaml": content}}
	cases := map[string]struct {
		reason string
		ns     *string
		want   map[string]error
	}{
		"Unnamed": {
			reason: "Without a namespace the namespaced kind reads its own; the cluster kind is told to name one.",
			want: map[string]error{
				"Namespaced": nil,
				"Cluster":    errors.New("spec.forProvider.contentFrom.configMapKeyRef.namespace is required for a cluster-scoped RepositoryFile: name the ConfigMap's namespace"),
			},
		},
		"Other": {
			reason: "Another namespace is refused to the namespaced kind, and read by the cluster kind.",
			ns:     ptr.To("kube-system"),
			want: map[string]error{
				"Namespaced": errors.New(`spec.forProvider.contentFrom.configMapKeyRef.namespace is "kube-system", but a RepositoryFile in namespace "ns" reads ConfigMaps of its own namespace only: leave namespace out, or put the ConfigMap in "ns"`),
				"Cluster":    errors.New("ConfigMap kube-system/files named by spec.forProvider.contentFrom.configMapKeyRef does not exist: create it, or fix the reference"),
			},
		},
	}
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				var calls []call
				a := api{repo: &github.Repository{DefaultBranch: "main"}, get: file(contentSHA)}
				mg := s.file(withExternalName(path), withParams(func(p *common.RepositoryFileParameters) {
					p.Content = nil
					p.ContentFrom = &common.FileContentSource{ConfigMapKeyRef: common.ConfigMapKeySelector{Name: "files", Namespace: tc.ns, Key: "app.yaml"}}
				}))
				e := s.external(a.fake(t, &calls), kubeWith(t, cm), &kindtest.Recorder{}, found{})
				_, err := e.Observe(context.Background(), mg)
				if diff := cmp.Diff(tc.want[s.name], err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
			})
		}
	})
}

func TestCreateUpdate(t *testing.T) {
	type want struct {
		err     error
		extName string
		obs     common.RepositoryFileObservation
		calls   []call
	}
	written := &github.FileCommit{Content: file(contentSHA)}
	obsWritten := common.RepositoryFileObservation{Repository: ptr.To("demo-org/app"), Branch: ptr.To("main"), Path: ptr.To(path),
		SHA: ptr.To(contentSHA), Size: ptr.To(int64(len(content))), HTMLURL: ptr.To(htmlURL)}
	putErr := func(status int, message string) error {
		return kindtest.GitHubErr(http.MethodPut, contentsPath, status, message)
	}
	write := func(msg, sha string) *github.FileWrite {
		return &github.FileWrite{Message: msg, Content: []byte(content), SHA: sha, Branch: "main"}
	}
	cases := map[string]struct {
		reason string
		update bool
		api    api
		found  found
		want   want
	}{
		"Create": {
			reason: "A new file is written without a sha; its path becomes the external name.",
			api:    api{put: written},
			found:  found{branch: "main", content: []byte(content)},
			want: want{extName: path, obs: obsWritten,
				calls: []call{{Op: "put", Branch: "main", Write: write("Create config/app.yaml", "")}}},
		},
		"CreateOverExisting": {
			reason: "With overwriteOnCreate the file Observe found is replaced with its sha.",
			api:    api{put: written},
			found:  found{branch: "main", content: []byte(content), observed: file(otherSHA)},
			want: want{extName: path, obs: obsWritten,
				calls: []call{{Op: "put", Branch: "main", Write: write("Update config/app.yaml", otherSHA)}}},
		},
		"NoBranch": {
			reason: "A branch that does not exist is named, with how to fix it.",
			api:    api{putErr: putErr(http.StatusNotFound, "Branch main not found")},
			found:  found{branch: "main", content: []byte(content)},
			want: want{
				err:   errors.New(`cannot create config/app.yaml: branch "main" of demo-org/app does not exist: create it (a Branch resource can), or fix spec.forProvider.branch`),
				calls: []call{{Op: "put", Branch: "main", Write: write("Create config/app.yaml", "")}},
			},
		},
		"NoRepository": {
			reason: "A 404 without a branch message is the repository.",
			api:    api{putErr: putErr(http.StatusNotFound, "Not Found")},
			found:  found{branch: "main", content: []byte(content)},
			want: want{
				err:   errors.Wrap(putErr(http.StatusNotFound, "Not Found"), "cannot create config/app.yaml: cannot find repository demo-org/app (or the credentials cannot write to it)"),
				calls: []call{{Op: "put", Branch: "main", Write: write("Create config/app.yaml", "")}},
			},
		},
		"Update": {
			reason: "An update replaces the file Observe found, naming its sha.",
			update: true,
			api:    api{put: written},
			found:  found{branch: "main", content: []byte(content), observed: file(otherSHA)},
			want: want{obs: obsWritten,
				calls: []call{{Op: "put", Branch: "main", Write: write("Update config/app.yaml", otherSHA)}}},
		},
		"UpdateConflict": {
			reason: "A file changed on GitHub between the read and the write is a 409: read again next time.",
			update: true,
			api:    api{putErr: putErr(http.StatusConflict, "config/app.yaml does not match "+otherSHA)},
			found:  found{branch: "main", content: []byte(content), observed: file(otherSHA)},
			want: want{
				err:   errors.Wrap(putErr(http.StatusConflict, "config/app.yaml does not match "+otherSHA), "cannot update config/app.yaml on branch main of demo-org/app: the file changed on GitHub since it was read; it is read again on the next attempt"),
				calls: []call{{Op: "put", Branch: "main", Write: write("Update config/app.yaml", otherSHA)}},
			},
		},
		"UpdateUnobserved": {
			reason: "An update without a file observed first is a programming error, not a blind write.",
			update: true,
			found:  found{branch: "main", content: []byte(content)},
			want:   want{err: errors.New("cannot update a file that was not observed first")},
		},
	}
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				var calls []call
				mg := s.file()
				e := s.external(tc.api.fake(t, &calls), nil, &kindtest.Recorder{}, tc.found)
				var err error
				if tc.update {
					_, err = e.Update(context.Background(), mg)
				} else {
					_, err = e.Create(context.Background(), mg)
				}
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\n-want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.extName, meta.GetExternalName(mg)); diff != "" {
					t.Errorf("\n%s\nexternal name: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.obs, *mg.Observation()); diff != "" {
					t.Errorf("\n%s\nstatus.atProvider: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, calls); diff != "" {
					t.Errorf("\n%s\ncalls to GitHub: -want, +got:\n%s", tc.reason, diff)
				}
			})
		}
	})
}

func TestDelete(t *testing.T) {
	delErr := func(status int, message string) error {
		return kindtest.GitHubErr(http.MethodDelete, contentsPath, status, message)
	}
	del := []call{{Op: "delete", Branch: "main", Write: &github.FileWrite{Message: "Delete config/app.yaml", SHA: contentSHA, Branch: "main"}}}
	cases := map[string]struct {
		reason string
		api    api
		found  found
		want   error
		calls  []call
	}{
		"Deleted": {
			reason: "The file is deleted with a commit naming its sha.",
			found:  found{branch: "main", observed: file(contentSHA)},
			calls:  del,
		},
		"AlreadyGone": {
			reason: "A file already gone counts as deleted.",
			api:    api{deleteErr: delErr(http.StatusNotFound, "Not Found")},
			found:  found{branch: "main", observed: file(contentSHA)},
			calls:  del,
		},
		"Changed": {
			reason: "A file changed since it was read is read again before it is deleted.",
			api:    api{deleteErr: delErr(http.StatusConflict, "config/app.yaml does not match "+contentSHA)},
			found:  found{branch: "main", observed: file(contentSHA)},
			want:   errors.Wrap(delErr(http.StatusConflict, "config/app.yaml does not match "+contentSHA), "cannot delete config/app.yaml on branch main of demo-org/app: the file changed on GitHub since it was read; it is read again on the next attempt"),
			calls:  del,
		},
		"Fails": {
			reason: "Any other error says what was attempted.",
			api:    api{deleteErr: delErr(http.StatusBadGateway, "Bad Gateway")},
			found:  found{branch: "main", observed: file(contentSHA)},
			want:   errors.Wrap(delErr(http.StatusBadGateway, "Bad Gateway"), "cannot delete config/app.yaml on branch main of demo-org/app"),
			calls:  del,
		},
	}
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				var calls []call
				mg := s.file(withExternalName(path))
				e := s.external(tc.api.fake(t, &calls), nil, &kindtest.Recorder{}, tc.found)
				_, err := e.Delete(context.Background(), mg)
				if diff := cmp.Diff(tc.want, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nDelete(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.calls, calls); diff != "" {
					t.Errorf("\n%s\nDelete(...): calls to GitHub: -want, +got:\n%s", tc.reason, diff)
				}
			})
		}
	})
}
