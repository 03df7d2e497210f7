/**
 * The home page of a site without the guides (SITE_CONFIG `pages.guides: false`): the API's name
 * and summary (the site's title and tagline, from its `info`) and the way into the reference.
 * Static text and links only; plugins/api-reference adds the route only then.
 */
import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

export default function ApiHome(): React.JSX.Element {
  const { siteConfig } = useDocusaurusContext();
  return (
    <Layout title={siteConfig.title} description={siteConfig.tagline}>
      <main className="container margin-vert--xl">
        <h1>{siteConfig.title}</h1>
        <p>{siteConfig.tagline}</p>
        <p>
          <Link className="button button--primary" to="/api">
            API reference
          </Link>
        </p>
      </main>
    </Layout>
  );
}
