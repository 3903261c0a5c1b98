package emulator

import "fmt"

// SetRepoPropertyValues sets, out of band, the repository's values of one
// of its organization's custom properties (none: the property has no
// value), as an organization's repository_property rulesets match them.
func (st *State) SetRepoPropertyValues(owner, name, property string, values ...string) error {
	return st.update(owner, name, func(_ *world, r *Repo) error {
		if property == "" {
			return fmt.Errorf("setting a custom property of %s/%s: no property name", owner, name)
		}
		if len(values) == 0 {
			delete(r.CustomProperties, property)
			return nil
		}
		if r.CustomProperties == nil {
			r.CustomProperties = map[string][]string{}
		}
		r.CustomProperties[property] = append([]string(nil), values...)
		return nil
	})
}
