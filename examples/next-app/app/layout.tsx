import type { ReactNode } from 'react'
import 'ibv-kit/styles.css'

export const metadata = { title: 'ibv-kit · Next.js example' }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body
        style={{
          fontFamily: 'system-ui, sans-serif',
          margin: '2rem auto',
          maxWidth: '60rem',
          padding: '0 1rem',
        }}
      >
        {children}
      </body>
    </html>
  )
}
