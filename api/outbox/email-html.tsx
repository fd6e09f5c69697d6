import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { INK, textOn } from "~contract/operator/colors";
import type { EmailParts } from "./email-parts";

/**
 * The HTML version of every email, built with React Email's components (tables and inline styles
 * that mail clients render alike, Outlook's button padding included). Rendered with React's own
 * synchronous renderToStaticMarkup: a message is written in the caller's transaction and its
 * builders stay synchronous (docs/decisions/014-emails-on-react-email.md).
 */

const MUTED = "#475569"; // slate-600: 7.6:1 on white
const PAGE = "#f1f5f9"; // slate-100
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const body: CSSProperties = { margin: 0, padding: "24px 0", backgroundColor: PAGE, fontFamily: FONT, color: INK };
const card: CSSProperties = { maxWidth: "560px", backgroundColor: "#ffffff", borderRadius: "12px", overflow: "hidden" };
const paragraph: CSSProperties = { fontSize: "16px", lineHeight: "24px", margin: "0 0 16px", color: INK };
const small: CSSProperties = { fontSize: "14px", lineHeight: "20px", margin: "0 0 12px", color: MUTED };

function Lines({ lines }: { lines: string[] }) {
  return lines.map((line, index) => (
    <span key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </span>
  ));
}

function Header({ brand }: Pick<EmailParts, "brand">) {
  const ink = textOn(brand.color);
  return (
    <Section style={{ backgroundColor: brand.color, padding: "16px 24px" }}>
      <Text style={{ margin: 0, fontSize: "18px", lineHeight: "32px", fontWeight: 700, color: ink }}>
        {brand.logoUrl ? (
          <Img
            src={brand.logoUrl}
            alt=""
            width="32"
            height="32"
            style={{ display: "inline-block", verticalAlign: "middle", marginRight: "8px", borderRadius: "8px" }}
          />
        ) : null}
        <span data-brand-name="">{brand.name}</span>
      </Text>
    </Section>
  );
}

function Action({ action, brand }: Pick<EmailParts, "action" | "brand">) {
  if (!action) return null;
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button
        href={action.href}
        style={{
          backgroundColor: brand.color,
          color: textOn(brand.color),
          padding: "12px 20px",
          borderRadius: "8px",
          fontSize: "16px",
          fontWeight: 600,
        }}
      >
        {action.label}
      </Button>
      {action.spellOut ? (
        <Text style={{ ...small, marginTop: "12px" }}>
          Or paste this address into your browser:
          <br />
          <Link href={action.href} style={{ color: brand.color, wordBreak: "break-all" }}>
            {action.href}
          </Link>
        </Text>
      ) : null}
    </Section>
  );
}

function EmailDocument(parts: EmailParts) {
  const { brand } = parts;
  return (
    <Html lang="en">
      <Head>
        <title>{parts.subject}</title>
      </Head>
      <Preview>{parts.preview ?? parts.subject}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Header brand={brand} />
          <Section style={{ padding: "24px" }}>
            {parts.heading ? (
              <h1 style={{ fontSize: "22px", lineHeight: "28px", margin: "0 0 16px", color: INK, fontFamily: FONT }}>
                {parts.heading}
              </h1>
            ) : null}
            {parts.paragraphs.map((lines, index) => (
              <Text key={index} style={paragraph}>
                <Lines lines={lines} />
              </Text>
            ))}
            <Action action={parts.action} brand={brand} />
            {(parts.links ?? []).map((link) => (
              <Text key={link.href} style={paragraph}>
                <Link href={link.href} style={{ color: brand.color, textDecoration: "underline" }}>
                  {link.label}
                </Link>
              </Text>
            ))}
            {(parts.notes ?? []).map((note, index) => (
              <Text key={index} style={small}>
                {note}
              </Text>
            ))}
            <Hr style={{ borderColor: "#e2e8f0", margin: "24px 0 16px" }} />
            <Text style={{ ...small, fontSize: "12px", margin: 0 }}>
              Sent by {brand.name}.
              {parts.unsubscribe ? (
                <>
                  {" "}
                  <Link href={parts.unsubscribe.page} style={{ color: MUTED, textDecoration: "underline" }}>
                    Unsubscribe from these emails
                  </Link>
                </>
              ) : null}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** The HTML of a message from its parts (text escaped by React; links in href attributes). */
export function emailHtml(parts: EmailParts): string {
  return DOCTYPE + renderToStaticMarkup(<EmailDocument {...parts} />);
}
