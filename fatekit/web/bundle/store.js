/* fatekit page bundle of sources 89b2c6fe00735328166b6ef524179398e7cbac6585137fdcc5cec9609e270f63 */
import{G as a,H as b,I as c,J as d,K as e,L as f,M as g,N as h,O as i,P as j,Q as k,R as l,S as m}from"./chunk-UI2JJACL.js";export{a as app,i as errorText,f as notify,d as openSeat,j as pressed,g as redraw,h as ruleReason,c as seatExtras,b as seatView,m as send,l as showError,k as showErrorBeside,e as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
