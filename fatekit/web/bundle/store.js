/* fatekit page bundle of sources a0d57dd9246edd16e3b6ae5b0293dc4b573e62d6ec1a568eef6f91e1dff40ea2 */
import{G as a,H as b,I as c,J as d,K as e,L as f,M as g,N as h,O as i,P as j,Q as k,R as l,S as m}from"./chunk-AHP6NZEI.js";export{a as app,i as errorText,f as notify,d as openSeat,j as pressed,g as redraw,h as ruleReason,c as seatExtras,b as seatView,m as send,l as showError,k as showErrorBeside,e as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
