// Package apis is the input of kindgen's golden test.
package apis
