/** The demo lender's top bar, the same on the officer's and the borrower's pages. */
export function Topbar() {
  return (
    <header className="topbar">
      <div className="brand">
        <span className="brand__mark" aria-hidden="true">
          N
        </span>
        <span>Northwind Lending</span>
      </div>
      <span className="pill">Sandbox · no real bank is contacted</span>
    </header>
  )
}
