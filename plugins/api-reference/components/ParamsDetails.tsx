/**
 * An operation's parameters, grouped by where they go (path, query, header, cookie). Rendered on
 * the server too, so they are in the static HTML and the search index; each parameter
 * (./Field's ParamField) is a list item of its group's list.
 */
import React, { type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import Details from '@theme/Details';
import { ParamField, type Param as FieldParam } from './Field';

type Param = FieldParam;

const PLACES = ['path', 'query', 'header', 'cookie'];

export default function ParamsDetails({ parameters }: { parameters?: Param[] }): ReactNode {
  return PLACES.map((place) => {
    const params = parameters?.filter((param) => param?.in === place) ?? [];
    if (params.length === 0) return null;
    const summary = (
      <summary>
        <h3 className="openapi-markdown__details-summary-header-params">
          {translate({ id: 'theme.openapi.paramsDetails.parametersTitle', message: '{type} Parameters' }, { type: place.charAt(0).toUpperCase() + place.slice(1) })}
        </h3>
      </summary>
    );
    return (
      <Details key={place} className="openapi-markdown__details" style={{ marginBottom: '1rem' }} data-collapsed={false} open summary={summary}>
        <ul>
          {params.map((param, index) => (
            <li key={index} className="openapi-list-item">
              <ParamField param={param} />
            </li>
          ))}
        </ul>
      </Details>
    );
  });
}
