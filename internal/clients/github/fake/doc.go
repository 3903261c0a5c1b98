// Package fake has function-field fakes of the GitHub client interfaces, for
// unit tests of controllers: one per API area, in a file named as the
// area's file in package github. An area's fake is named after the
// interface it fakes (MockReposAPI fakes github.ReposAPI), and each of its
// function fields after the method that calls it (MockGet for Get), so that
// the fake of the interface a controller declares can embed the fakes of
// its areas without a clash of names.
package fake
