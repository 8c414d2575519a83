// The frame of every mail's HTML: inline styles only (webmail drops <style> and classes), one column
// of at most 560 px that fills a phone's width, our name on top, and a footer saying why the mail came
// and how to stop it. Every link is absolute (built from SITE_URL by the caller).
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export const MAIL_COLORS = {
  bg: '#f4f6f9',
  surface: '#ffffff',
  text: '#1b2430',
  muted: '#556070',
  border: '#d8dee6',
  primary: '#0b5cad',
  accent: '#e85d04',
} as const;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';

export const mailStyles = {
  p: { margin: '0 0 14px', fontSize: '16px', lineHeight: '1.5' },
  small: { margin: '0 0 8px', fontSize: '14px', lineHeight: '1.45', color: MAIL_COLORS.muted },
  h1: { margin: '0 0 14px', fontSize: '21px', lineHeight: '1.3', fontWeight: 700 },
  link: { color: MAIL_COLORS.primary },
  button: {
    display: 'inline-block',
    padding: '11px 20px',
    borderRadius: '8px',
    background: MAIL_COLORS.primary,
    color: '#ffffff',
    fontWeight: 700,
    fontSize: '16px',
    textDecoration: 'none',
  },
  box: {
    border: `1px solid ${MAIL_COLORS.border}`,
    borderRadius: '10px',
    padding: '14px 16px',
    margin: '0 0 14px',
  },
} satisfies Record<string, CSSProperties>;

export interface MailLayoutProps {
  /** The mail's heading (also the document's title). */
  title: string;
  /** The line webmail shows next to the subject in the inbox, hidden in the body. */
  preheader: string;
  /** Why this mail came and how to turn it off (with the unsubscribe link). */
  footer?: ReactNode;
  /** The site's base address, for the link on our name. */
  siteUrl: string;
  children: ReactNode;
}

export function MailLayout({ title, preheader, footer, siteUrl, children }: MailLayoutProps) {
  return (
    <html lang="ro">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{title}</title>
      </head>
      <body
        style={{
          margin: 0,
          padding: 0,
          background: MAIL_COLORS.bg,
          color: MAIL_COLORS.text,
          fontFamily: FONT,
        }}
      >
        <div
          style={{
            display: 'none',
            maxHeight: 0,
            overflow: 'hidden',
            opacity: 0,
            fontSize: '1px',
            lineHeight: '1px',
            color: MAIL_COLORS.bg,
          }}
        >
          {preheader}
        </div>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ background: MAIL_COLORS.bg, borderCollapse: 'collapse' }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: '16px 10px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: '560px', width: '100%', borderCollapse: 'collapse' }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: '0 6px 12px', fontSize: '20px', fontWeight: 800 }}>
                        <a href={siteUrl} style={{ color: MAIL_COLORS.primary, textDecoration: 'none' }}>
                          eRădăuți
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          background: MAIL_COLORS.surface,
                          border: `1px solid ${MAIL_COLORS.border}`,
                          borderRadius: '12px',
                          padding: '20px 18px',
                          fontSize: '16px',
                          lineHeight: '1.5',
                        }}
                      >
                        <h1 style={mailStyles.h1}>{title}</h1>
                        {children}
                      </td>
                    </tr>
                    {footer ? (
                      <tr>
                        <td
                          style={{
                            padding: '14px 6px 0',
                            fontSize: '13px',
                            lineHeight: '1.5',
                            color: MAIL_COLORS.muted,
                          }}
                        >
                          {footer}
                        </td>
                      </tr>
                    ) : null}
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** A mail's HTML document. */
export function renderMailHtml(element: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(element)}`;
}

/** A button-looking link (a table cell keeps its padding in Outlook). */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} style={mailStyles.button}>
      {children}
    </a>
  );
}
