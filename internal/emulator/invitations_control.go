package emulator

import (
	"fmt"
	"strconv"
	"strings"
)

// ExpireInvitation lets a repository invitation expire, as GitHub does after
// seven days: it then shows expired: true and cannot be accepted.
func (st *State) ExpireInvitation(id int64) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	_, inv := st.w.findInvitation(id)
	if inv == nil {
		return fmt.Errorf("no repository invitation %d", id)
	}
	inv.Expired = true
	return nil
}

// invitationToExpire parses the control path /invitations/{id}/expire.
func invitationToExpire(path string) (int64, bool) {
	rest, ok := strings.CutPrefix(path, "/invitations/")
	if !ok {
		return 0, false
	}
	idStr, ok := strings.CutSuffix(rest, "/expire")
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(idStr, 10, 64)
	return id, err == nil
}
