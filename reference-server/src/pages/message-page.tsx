import type { ComponentChildren } from 'preact';
import { Layout } from './layout.js';
import { renderDocument } from './render.js';

export interface MessagePageProps {
  service: string;
  title: string;
  children: ComponentChildren;
}

/** A page that only tells something: not found, expired, refused, failed. No form, no trace. */
export function MessagePage({ service, title, children }: MessagePageProps) {
  return (
    <Layout title={title} service={service}>
      <h1>{title}</h1>
      {children}
    </Layout>
  );
}

export const messageDocument = (props: MessagePageProps): string => renderDocument(<MessagePage {...props} />);
